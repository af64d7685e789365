#include "ui/report.h"

#include <QAbstractTextDocumentLayout>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>
#include <QUrl>
#include <qcustomplot.h>

#include "engine/explain.h"
#include "engine/fabric.h"
#include "engine/model.h"
#include "io/scenario_json.h"
#include "ui/breakdownchart.h"
#include "ui/chartexport.h"
#include "ui/fabriccomparisonpage.h"
#include "ui/i18n.h"
#include "ui/memorychart.h"
#include "ui/planpage.h"
#include "ui/scenariodocument.h"
#include "ui/terms.h"
#include "ui/theme.h"

namespace cp::ui {
namespace {

struct Report {
  Q_DECLARE_TR_FUNCTIONS(cp::ui::Report)
};

constexpr int kDpi = 96;
constexpr double kMargin = 60;       // device pixels at 96 DPI (about 16 mm)
constexpr double kFooter = 28;
constexpr int kChartWidth = 660;     // in the document's pixels
constexpr int kChartScale = 2;       // the images' pixels per document pixel
constexpr int kSweepTimeoutMs = 180000;

struct Section {
  QString title;
  QString html;
};

struct Content {
  QString title;
  QString subtitle;
  QString footerName;
  QList<Section> sections;
  QList<QPair<QString, QImage>> images;  // resource name -> image
};

QString esc(const QString& s) { return s.toHtmlEscaped(); }
QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString tableHtml(const QStringList& header, const QList<QStringList>& rows) {
  QString h = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" border=\"0.5\" "
                             "style=\"border-collapse: collapse; border-color: #999999;\">");
  if (!header.isEmpty()) {
    h += QStringLiteral("<thead><tr>");
    for (const QString& c : header) h += QStringLiteral("<th align=\"left\" bgcolor=\"#E8EEF4\">%1</th>").arg(esc(c));
    h += QStringLiteral("</tr></thead>");
  }
  for (const QStringList& r : rows) {
    h += QStringLiteral("<tr>");
    for (const QString& c : r) h += QStringLiteral("<td>%1</td>").arg(esc(c));
    h += QStringLiteral("</tr>");
  }
  return h + QStringLiteral("</table>");
}

QString chartHtml(const QString& name, const QImage& image, const QString& caption) {
  const int height = image.height() / kChartScale;
  return QStringLiteral("<p align=\"center\"><img src=\"chart:%1\" width=\"%2\" height=\"%3\"><br/><i>%4</i></p>")
      .arg(name)
      .arg(kChartWidth)
      .arg(height)
      .arg(esc(caption));
}

QImage chartImage(QCustomPlot* plot, const QString& scenarioName, const QDate& date, int height) {
  ChartExportOptions o;
  o.size = QSize(kChartWidth * kChartScale, height * kChartScale);
  o.dpi = kDpi * kChartScale;
  o.scenarioName = scenarioName;
  o.date = date;
  o.palette = lightPalette();  // printed reports are always light
  return renderChartImage(plot, o);
}

QString number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

// ---- the document and its pages

struct Layout {
  int pages = 0;
  QList<int> sectionPages;
};

QString documentHtml(const Content& c, const QList<int>* tocPages) {
  QString html = QStringLiteral("<h1>%1</h1><p>%2</p>").arg(esc(c.title), esc(c.subtitle));
  if (tocPages) {
    html += QStringLiteral("<h3>%1</h3><table width=\"100%\" cellpadding=\"3\">").arg(esc(Report::tr("Contents")));
    for (qsizetype i = 0; i < c.sections.size(); ++i)
      html += QStringLiteral("<tr><td>%1. %2</td><td align=\"right\">%3</td></tr>")
                  .arg(i + 1)
                  .arg(esc(c.sections[i].title))
                  .arg(i < tocPages->size() ? QLocale().toString((*tocPages)[i]) : QStringLiteral("00"));
    html += QStringLiteral("</table>");
  }
  for (qsizetype i = 0; i < c.sections.size(); ++i) {
    const bool breakBefore = tocPages || i > 0;
    html += QStringLiteral("<h2%1>%2. %3</h2>%4")
                .arg(breakBefore ? QStringLiteral(" style=\"page-break-before: always\"") : QString())
                .arg(i + 1)
                .arg(esc(c.sections[i].title), c.sections[i].html);
  }
  return html;
}

void setUp(QTextDocument& doc, QPaintDevice* device, const QSizeF& page, const Content& c) {
  doc.documentLayout()->setPaintDevice(device);
  doc.setPageSize(page);
  doc.setDocumentMargin(0);
  QFont f = doc.defaultFont();
  f.setPointSizeF(9.5);
  doc.setDefaultFont(f);
  doc.setDefaultStyleSheet(QStringLiteral("h1 { color: #0B3C5D; } h2 { color: #0B3C5D; } th { font-weight: bold; }"));
  for (const auto& [name, image] : c.images)
    doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:") + name), QVariant(image));
}

Layout measure(QTextDocument& doc, double pageHeight) {
  Layout l;
  l.pages = doc.pageCount();
  for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
    if (b.blockFormat().headingLevel() == 2)
      l.sectionPages << int(doc.documentLayout()->blockBoundingRect(b).top() / pageHeight) + 1;
  return l;
}

ReportResult render(const Content& c, const QString& path, const ReportOptions& options) {
  ReportResult result;
  {
    QFile probe(path);  // QPdfWriter reports no errors: check that the file can be written first
    if (!probe.open(QIODevice::WriteOnly)) {
      result.error = probe.errorString();
      return result;
    }
  }
  QPdfWriter writer(path);
  writer.setResolution(kDpi);
  writer.setPageSize(QPageSize(QPageSize::A4));
  writer.setPageMargins(QMarginsF(0, 0, 0, 0));
  writer.setCreator(QStringLiteral("clusterplan"));
  writer.setTitle(c.title);
  const QSizeF page(writer.width() - 2 * kMargin, writer.height() - 2 * kMargin - kFooter);

  QTextDocument doc;
  setUp(doc, &writer, page, c);
  doc.setHtml(documentHtml(c, nullptr));
  Layout layout = measure(doc, page.height());
  if (options.tableOfContents && layout.pages > kTocMinPages) {
    // Twice: the contents page moves every section; the second pass has the final numbers.
    QList<int> pages;
    for (int pass = 0; pass < 3; ++pass) {
      doc.setHtml(documentHtml(c, &pages));
      layout = measure(doc, page.height());
      if (layout.sectionPages == pages) break;
      pages = layout.sectionPages;
    }
    result.hasToc = true;
  }

  QPainter painter(&writer);
  QFont footerFont = doc.defaultFont();
  footerFont.setPointSizeF(8);
  const QString date = QLocale().toString(options.date, QLocale::LongFormat);
  for (int i = 0; i < layout.pages; ++i) {
    if (i > 0) writer.newPage();
    painter.save();
    painter.translate(kMargin, kMargin - i * page.height());
    doc.drawContents(&painter, QRectF(0, i * page.height(), page.width(), page.height()));
    painter.restore();
    painter.setFont(footerFont);
    painter.setPen(QColor(0x555555));
    const QRectF footer(kMargin, writer.height() - kMargin - kFooter + 8, page.width(), kFooter - 8);
    painter.drawLine(footer.topLeft(), footer.topRight());
    painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("%1 — %2").arg(c.footerName, date));
    //: Report footer: page number of page count
    painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
                     Report::tr("Page %1 of %2").arg(QLocale().toString(i + 1), QLocale().toString(layout.pages)));
  }
  painter.end();
  result.ok = true;
  result.pages = layout.pages;
  for (const Section& s : c.sections) result.sections << s.title;
  result.sectionPages = layout.sectionPages;
  return result;
}

// ---- the scenario report's sections

QString modelName(const cp::Scenario& s) {
  if (const cp::ModelPreset* p = cp::find_model_preset(s.model_id)) return QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
  return QString::fromStdString(s.model_id);
}

QString inputsHtml(const cp::Scenario& s) {
  const QString on = Report::tr("on");
  const QString off = Report::tr("off");
  const double params = cp::count_params(s.model).total;
  QList<QStringList> rows{
      {Report::tr("Model"), modelName(s)},
      {Report::tr("Parameters"), Report::tr("%1 billion").arg(number(params / 1e9, 1))},
      {Report::tr("Sequence length"), QLocale().toString(s.training.seq)},
      {Report::tr("Micro-batch / global batch"),
       QStringLiteral("%1 / %2").arg(QLocale().toString(s.training.micro_batch), QLocale().toString(s.training.global_batch))},
      {Report::tr("Precision"), precisionName(s.training.precision)},
      {Report::tr("Optimizer"), optimizerName(s.training.optimizer)},
      {Report::tr("ZeRO"), zeroName(s.training.zero)},
      {Report::tr("Activation recomputation"), recomputeName(s.training.recompute)},
      {Report::tr("Tensor / pipeline / data parallelism"),
       QStringLiteral("%1 × %2 × %3").arg(s.parallel.tp).arg(s.parallel.pp).arg(s.data_parallel())},
      {Report::tr("Context / expert parallelism"), QStringLiteral("%1 / %2").arg(s.parallel.cp).arg(s.parallel.ep)},
      {Report::tr("Sequence parallelism"), s.parallel.sp ? on : off},
      {Report::tr("GPU"), QString::fromStdString(s.cluster.gpu.name)},
      {Report::tr("GPUs"), Report::tr("%1 (%2 nodes of %3)")
                              .arg(formatCount(s.cluster.total_gpus()), formatCount(s.cluster.nodes),
                                   formatCount(s.cluster.gpus_per_node))},
      {Report::tr("Network"), QString::fromStdString(s.cluster.fabric.name)},
      {Report::tr("Topology"), topologyName(s.cluster.topology)},
      {Report::tr("Training tokens"),
       s.training.tokens > 0 ? Report::tr("%1 billion").arg(number(s.training.tokens / 1e9, 0)) : Report::tr("not given")},
  };
  return tableHtml({Report::tr("Input"), Report::tr("Value")}, rows);
}

QString figuresHtml(const cp::Scenario& s, const cp::Estimate& e) {
  QList<QStringList> rows;
  for (cp::Figure f : cp::kFigures) {
    const cp::Explanation x = cp::explain(f, s, e);
    rows << QStringList{figureTitle(f), formatValue(x.value, x.unit), QString::fromStdString(x.formula),
                        QString::fromStdString(x.source)};
  }
  return tableHtml({Report::tr("Figure"), Report::tr("Value"), Report::tr("Formula"), Report::tr("Source")}, rows);
}

QString assumptionsHtml(const cp::Scenario& s) {
  const cp::Assumptions& a = s.assumptions;
  const QString cur = QString::fromUtf8(cp::to_string(a.currency).data());
  QList<QStringList> rows{
      {Report::tr("GPU"), QString::fromStdString(s.cluster.gpu.name), QString::fromStdString(s.cluster.gpu.source)},
      {Report::tr("Network"), QString::fromStdString(s.cluster.fabric.name), QString::fromStdString(s.cluster.fabric.source)},
      {Report::tr("PUE (facility power / IT power)"), number(a.pue, 2), Report::tr("Uptime Institute survey 2023")},
      {Report::tr("GPU power while training, share of TDP"), formatPercent(a.gpu_power_factor, 0), QString()},
      {Report::tr("Currency of results"), cur, QString()},
      {Report::tr("CNY per USD"), number(a.cny_per_usd, 2), QString()},
      {Report::tr("Electricity price per kWh"),
       QStringLiteral("%1 %2").arg(QString::fromUtf8(cp::to_string(a.power_price_currency).data()), number(a.power_price_per_kwh, 3)),
       QString()},
      {Report::tr("Payment"), paymentName(a.payment), QString()},
  };
  QString html = tableHtml({Report::tr("Assumption"), Report::tr("Value"), Report::tr("Source")}, rows);
  const cp::PriceList& list = a.payment == cp::Payment::Rent    ? a.rent
                               : a.payment == cp::Payment::Cloud ? a.cloud
                                                                 : a.purchase;
  html += QStringLiteral("<h3>%1</h3><p>%2</p>")
              .arg(esc(Report::tr("Price list")),
                   esc(Report::tr("%1 (%2), %3").arg(QString::fromStdString(list.name), QString::fromStdString(list.date),
                                                     QString::fromStdString(list.source))));
  QList<QStringList> lines;
  const QString listCur = QString::fromUtf8(cp::to_string(list.currency).data());
  for (const cp::PriceLine& l : list.lines)
    lines << QStringList{QString::fromStdString(l.name), QStringLiteral("%1 %2").arg(listCur, number(l.price, 2)),
                         QString::fromStdString(l.source)};
  html += tableHtml({Report::tr("Item"), Report::tr("Price"), Report::tr("Source")}, lines);
  return html;
}

QString allInputsHtml(const cp::Scenario& s) {
  QList<QStringList> rows;
  for (const auto& [key, value] : cp::flatten_json(cp::scenario_to_json(s)))
    rows << QStringList{QString::fromStdString(key), QString::fromStdString(value)};
  return QStringLiteral("<p>%1</p>").arg(esc(Report::tr("Every input as the scenario file names it."))) +
         tableHtml({Report::tr("Key"), Report::tr("Value")}, rows);
}

QString subtitle(const ReportOptions& o) {
  return Report::tr("clusterplan %1 — %2")
      .arg(QCoreApplication::applicationVersion(), QLocale().toString(o.date, QLocale::LongFormat));
}

}  // namespace

ReportResult writeScenarioReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options) {
  ScenarioDocument document;
  document.reset(scenario);
  PlanPage plan(&document);
  plan.resize(1200, 900);

  Content c;
  const QString name = QString::fromStdString(scenario.name);
  c.title = Report::tr("Scenario report: %1").arg(name);
  c.subtitle = subtitle(options);
  c.footerName = name;
  c.sections << Section{Report::tr("Inputs"), inputsHtml(scenario)};

  const auto& estimate = document.estimate();
  if (estimate && document.valid()) {
    const cp::Scenario& s = document.estimatedScenario();
    c.sections << Section{Report::tr("Headline figures"), figuresHtml(s, *estimate)};
    const struct {
      const char* id;
      QCustomPlot* plot;
      int height;
      QString caption;
    } charts[] = {
        {"memory", plan.memoryChart()->plot(), 560, Report::tr("Memory per GPU at the peak pipeline stage")},
        {"step", plan.stepChart()->plot(), 260, Report::tr("Where the time of one optimizer step goes")},
        {"power", plan.powerChart()->plot(), 260, Report::tr("Average facility power while training")},
        {"cost", plan.costChart()->plot(), 260, Report::tr("Monthly budget")},
    };
    QString html;
    for (const auto& chart : charts) {
      const QImage image = chartImage(chart.plot, name, options.date, chart.height);
      c.images.append({QString::fromLatin1(chart.id), image});
      html += chartHtml(QString::fromLatin1(chart.id), image, chart.caption);
    }
    c.sections << Section{Report::tr("Charts"), html};
  } else {
    c.sections << Section{Report::tr("Headline figures"),
                          QStringLiteral("<p>%1</p>").arg(esc(Report::tr("No estimate: the scenario has problems.")))};
  }
  c.sections << Section{Report::tr("Assumptions and sources"), assumptionsHtml(scenario)};

  QString warnings;
  if (!document.valid()) {
    for (const cp::Problem& p : document.problems()) warnings += QStringLiteral("<li>%1</li>").arg(esc(p.text()));
  } else if (estimate) {
    for (const cp::Warning& w : estimate->warnings) warnings += QStringLiteral("<li>%1</li>").arg(esc(warningText(w)));
  }
  c.sections << Section{Report::tr("Warnings"), warnings.isEmpty()
                                                    ? QStringLiteral("<p>%1</p>").arg(esc(Report::tr("No warnings.")))
                                                    : QStringLiteral("<ul>%1</ul>").arg(warnings)};
  c.sections << Section{Report::tr("Appendix: every input"), allInputsHtml(scenario)};
  return render(c, path, options);
}

ReportResult writeFabricReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options) {
  ScenarioDocument document;
  document.reset(scenario);
  if (!document.valid()) {
    ReportResult r;
    QStringList problems;
    for (const cp::Problem& p : document.problems()) problems << QString::fromStdString(p.text());
    r.error = problems.join(QLatin1Char('\n'));
    return r;
  }
  FabricComparisonPage page(&document);
  page.resize(1500, 900);
  QEventLoop loop;
  QObject::connect(&page, &FabricComparisonPage::resultShown, &loop, &QEventLoop::quit);
  QTimer::singleShot(kSweepTimeoutMs, &loop, &QEventLoop::quit);
  page.setMaxGpus(options.maxGpus);
  if (!page.result()) loop.exec();  // the result is shown from the event loop: it cannot be missed
  if (!page.result()) {
    ReportResult r;
    r.error = Report::tr("The fabric sweep did not finish.");
    return r;
  }
  const SweepResult& sweep = *page.result();
  const QString name = QString::fromStdString(scenario.name);

  Content c;
  c.title = Report::tr("InfiniBand vs RoCE: %1").arg(name);
  c.subtitle = subtitle(options);
  c.footerName = name;
  QStringList fabrics;
  for (const SweepSeries& s : sweep.series) fabrics << QString::fromStdString(s.fabric_name);
  c.sections << Section{Report::tr("Inputs"),
                        QStringLiteral("<p>%1</p>")
                                .arg(esc(Report::tr("The plan below, run on %1 to %2 GPUs (data parallelism grows, the "
                                                    "global batch is held), on: %3.")
                                             .arg(formatCount(sweep.sizes.front()), formatCount(sweep.sizes.back()),
                                                  fabrics.join(QStringLiteral(", "))))) +
                            inputsHtml(scenario)};
  QString html;
  for (int m = 0; m < FabricComparisonPage::MetricCount; ++m) {
    const QString id = QStringLiteral("fabric%1").arg(m);
    const QImage image = chartImage(page.plot(FabricComparisonPage::Metric(m)), name, options.date, 380);
    c.images.append({id, image});
    html += chartHtml(id, image, QString());
  }
  c.sections << Section{Report::tr("Charts"), html};

  QList<QStringList> rows;
  for (const SweepSeries& s : sweep.series)
    for (const SweepPoint& p : s.points)
      rows << QStringList{QString::fromStdString(s.fabric_name), formatCount(p.gpus),
                          p.feasible ? formatTokensPerS(p.tokens_per_s) : QString::fromStdString(p.problem),
                          p.feasible ? formatPercent(p.mfu) : QString(), p.feasible ? formatPercent(p.scaling) : QString(),
                          p.feasible && p.train_time_s > 0 ? formatDuration(p.train_time_s) : QString(),
                          p.feasible ? formatMoney(p.cost_per_run, sweep.currency) : QString()};
  c.sections << Section{Report::tr("Results"),
                        tableHtml({Report::tr("Network"), Report::tr("GPUs"), Report::tr("Throughput"), Report::tr("MFU"),
                                   Report::tr("Scaling"), Report::tr("Time to train"), Report::tr("Cost per run")},
                                  rows)};
  QList<QStringList> sources;
  for (const SweepSeries& s : sweep.series)
    if (const cp::FabricSpec* f = cp::find_fabric(s.fabric_id))
      sources << QStringList{QString::fromStdString(f->name), QString::fromStdString(f->source)};
  c.sections << Section{Report::tr("Assumptions and sources"),
                        tableHtml({Report::tr("Network"), Report::tr("Source")}, sources) + assumptionsHtml(scenario)};
  return render(c, path, options);
}

}  // namespace cp::ui
