#include "ui/report/report.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QApplication>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QRegularExpression>
#include <QStatusBar>
#include <algorithm>
#include <cmath>
#include <memory>
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
#include "ui/charts/customplot.h"

#include "engine/explain.h"
#include "engine/fabric.h"
#include "engine/model.h"
#include "io/scenario_json.h"
#include "plan/planner.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/fabriccharts.h"
#include "ui/text/enginetext.h"
#include "ui/text/i18n.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/plancharts.h"
#include "ui/scenariodocument.h"
#include "ui/text/terms.h"
#include "ui/theme.h"
#include "ui/text/units.h"
#include "ui/text/usertext.h"

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

// A unit of the document that is never split across pages: a heading, a paragraph, a chart, or
// one table row (a row that does not fit the rest of a page moves to the next one, under its
// table's header again). Only a unit taller than a whole page is cut at the page's end.
struct Block {
  QString html;
  QString header;  // a table row: its table's header, repeated at the top of a page it starts
};

struct Section {
  QString title;
  QList<Block> blocks;
};

struct Content {
  QString title;
  QString subtitle;
  QString footerName;
  QList<Section> sections;
  QList<QPair<QString, QImage>> images;  // resource name -> image
};

QString esc(const QString& s) { return s.toHtmlEscaped(); }

// How much of the scenario's name the title and each page's footer show (beside "Page i of n").
constexpr int kReportTitleChars = 300;
constexpr int kFooterNameChars = 60;

Block para(const QString& html) { return Block{html, {}}; }

// A table as blocks: the header with the first row, then each row alone; the columns share out
// the width by `widths` (percent, one per column; empty: equal) so that the rows line up.
QList<Block> tableBlocks(const QStringList& header, const QList<QStringList>& rows, QList<int> widths = {}) {
  const qsizetype columns = header.isEmpty() ? (rows.isEmpty() ? 1 : rows.front().size()) : header.size();
  if (widths.size() != columns) widths = QList<int>(columns, int(100 / std::max<qsizetype>(columns, 1)));
  const QString open = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" border=\"0.5\" "
                                      "style=\"border-collapse: collapse; border-color: #999999;\">");
  QString head;
  if (!header.isEmpty()) {
    head = QStringLiteral("<tr>");
    for (qsizetype i = 0; i < header.size(); ++i)
      head += QStringLiteral("<th align=\"left\" width=\"%1%\" bgcolor=\"#E8EEF4\">%2</th>").arg(widths[i]).arg(esc(header[i]));
    head += QStringLiteral("</tr>");
  }
  QList<Block> blocks;
  for (qsizetype r = 0; r < rows.size(); ++r) {
    QString row = QStringLiteral("<tr>");
    for (qsizetype i = 0; i < rows[r].size(); ++i)
      row += QStringLiteral("<td width=\"%1%\">%2</td>").arg(i < widths.size() ? widths[i] : 0).arg(esc(rows[r][i]));
    row += QStringLiteral("</tr>");
    const QString headerHtml = head.isEmpty() ? QString() : open + head + QStringLiteral("</table>");
    blocks << Block{open + (r == 0 ? head : QString()) + row + QStringLiteral("</table>"), r == 0 ? QString() : headerHtml};
  }
  if (rows.isEmpty() && !head.isEmpty()) blocks << Block{open + head + QStringLiteral("</table>"), {}};
  return blocks;
}

Block chartBlock(const QString& name, const QImage& image, const QString& caption) {
  const int height = image.height() / kChartScale;
  return para(QStringLiteral("<p align=\"center\"><img src=\"chart:%1\" width=\"%2\" height=\"%3\"><br/><i>%4</i></p>")
                  .arg(name)
                  .arg(kChartWidth)
                  .arg(height)
                  .arg(esc(caption)));
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

}  // namespace

QString readableNumber(double v) {
  if (!std::isfinite(v)) return QLocale().toString(v);
  const double a = std::abs(v);
  constexpr double kWholeUpTo = 1e15;  // whole numbers in full, with the locale's grouping
  if (v == std::trunc(v) && a < kWholeUpTo) return QLocale().toString(qlonglong(v));
  constexpr double kPlainFrom = 1e-3;
  if (a >= kPlainFrom && a < kWholeUpTo) {
    // Four significant digits, trailing zeros dropped: 0.088, 1.3, 22.45.
    const int decimals = std::max(0, 3 - int(std::floor(std::log10(a))));
    QString text = QLocale().toString(v, 'f', decimals);
    const QString point = QLocale().decimalPoint();
    if (text.contains(point)) {
      while (text.endsWith(QLatin1Char('0'))) text.chop(1);
      if (text.endsWith(point)) text.chop(point.size());
    }
    return text;
  }
  // Very small or very large: a mantissa of four significant digits times a power of ten.
  int exponent = int(std::floor(std::log10(a)));
  double mantissa = v / std::pow(10.0, exponent);
  if (std::abs(std::round(mantissa * 1000) / 1000) >= 10) {
    mantissa /= 10;
    ++exponent;
  }
  static const QString kSuperscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
  QString power;
  for (const QChar d : QString::number(std::abs(exponent))) power += kSuperscripts.at(d.digitValue());
  if (exponent < 0) power.prepend(QChar(0x207B));  // superscript minus
  return QStringLiteral("%1 × 10%2").arg(readableNumber(mantissa), power);
}

namespace {

// A value of the scenario's JSON as flatten_json writes it, for people.
QString readableValue(const std::string& json) {
  const QString text = QString::fromStdString(json);
  if (text == QLatin1String("null")) return Report::tr("auto");
  if (text == QLatin1String("true")) return Report::tr("yes");
  if (text == QLatin1String("false")) return Report::tr("no");
  bool ok = false;
  const double v = text.toDouble(&ok);  // C locale: the JSON's own '.' numbers
  return ok ? readableNumber(v) : text;
}

// ---- the pages

// One block laid out at the page's width.
std::unique_ptr<QTextDocument> layOut(const QString& html, QPaintDevice* device, double width, const Content& c) {
  auto doc = std::make_unique<QTextDocument>();
  doc->documentLayout()->setPaintDevice(device);
  doc->setDocumentMargin(0);
  QFont f = doc->defaultFont();
  f.setPointSizeF(9.5);
  doc->setDefaultFont(f);
  doc->setDefaultStyleSheet(QStringLiteral("h1 { color: #0B3C5D; } h2 { color: #0B3C5D; } th { font-weight: bold; } "
                                           ".big { font-size: 15pt; } .figure { font-size: 13pt; }"));
  if (html.contains(QLatin1String("chart:")))
    for (const auto& [name, image] : c.images)
      doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:") + name), QVariant(image));
  doc->setTextWidth(width);
  doc->setHtml(html);
  return doc;
}

// Where a block's part lies: on page `page` at `y`, its slice [from, from + height).
struct Placed {
  QTextDocument* doc;
  int page;
  double y;
  double from;
  double height;
};

struct Pages {
  std::vector<std::unique_ptr<QTextDocument>> docs;
  QList<Placed> placed;
  int count = 0;
  QList<int> sectionPages;  // 1-based
};

class Paginator {
 public:
  Paginator(QPaintDevice* device, const QSizeF& page, const Content& c) : device_(device), page_(page), c_(c) {}

  void add(const Block& b) {
    auto doc = layOut(b.html, device_, page_.width(), c_);
    const double h = doc->size().height();
    if (y_ > 0 && y_ + h > page_.height()) {
      newPage();
      if (!b.header.isEmpty() && h < page_.height()) add(Block{b.header, {}});
    }
    for (double from = 0; from < h;) {
      if (y_ >= page_.height()) newPage();
      const double piece = std::min(h - from, page_.height() - y_);
      out_.placed << Placed{doc.get(), out_.count - 1, y_, from, piece};
      from += piece;
      y_ += piece;
    }
    out_.docs.push_back(std::move(doc));
  }
  void newPage() {
    ++out_.count;
    y_ = 0;
  }
  Pages take() { return std::move(out_); }
  Pages& pages() { return out_; }
  bool pageIsEmpty() const { return y_ == 0; }

 private:
  QPaintDevice* device_;
  QSizeF page_;
  const Content& c_;
  Pages out_;
  double y_ = 0;
};

QString sectionHeading(const Content& c, qsizetype i) {
  return QStringLiteral("<h2>%1. %2</h2>").arg(i + 1).arg(esc(c.sections[i].title));
}

// Lays the report out: the title and the first section (the headline figures) on page 1, so that
// the first page a reader sees has the figures rather than a cover; then the contents when
// `tocPages`; then each further section on a new page.
Pages paginate(const Content& c, QPaintDevice* device, const QSizeF& page, const QList<int>* tocPages) {
  Paginator p(device, page, c);
  p.newPage();
  p.add(para(QStringLiteral("<h1>%1</h1><p>%2</p>").arg(esc(c.title), esc(c.subtitle))));
  for (qsizetype i = 0; i < c.sections.size(); ++i) {
    if (i > 0) p.newPage();
    p.pages().sectionPages << p.pages().count;
    const Section& s = c.sections[i];
    // The heading stays with the section's first block.
    QList<Block> blocks = s.blocks;
    if (blocks.isEmpty()) blocks << para(QString());
    blocks.front().html = sectionHeading(c, i) + blocks.front().html;
    for (const Block& b : blocks) p.add(b);
    if (i == 0 && tocPages) {
      QString toc = QStringLiteral("<h3>%1</h3><table width=\"100%\" cellpadding=\"3\">").arg(esc(Report::tr("Contents")));
      for (qsizetype j = 0; j < c.sections.size(); ++j)
        toc += QStringLiteral("<tr><td>%1. %2</td><td align=\"right\">%3</td></tr>")
                   .arg(j + 1)
                   .arg(esc(c.sections[j].title))
                   .arg(j < tocPages->size() ? QLocale().toString((*tocPages)[j]) : QStringLiteral("00"));
      p.add(para(toc + QStringLiteral("</table>")));
    }
  }
  return p.take();
}

ReportResult render(const Content& c, QPagedPaintDevice* device, const ReportOptions& options) {
  ReportResult result;
  const QSizeF page(device->width() - 2 * kMargin, device->height() - 2 * kMargin - kFooter);
  Pages pages = paginate(c, device, page, nullptr);
  if (options.tableOfContents && pages.count > kTocMinPages) {
    // The contents, after the headline figures on page 1, move the sections at most once (when
    // they do not fit under the figures); the third pass confirms the numbers.
    QList<int> numbers;
    for (int pass = 0; pass < 3; ++pass) {
      pages = paginate(c, device, page, &numbers);
      if (pages.sectionPages == numbers) break;
      numbers = pages.sectionPages;
    }
    result.hasToc = true;
  }

  QPainter painter(device);
  if (!painter.isActive()) {
    result.error = Report::tr("Cannot draw on the output device.");
    return result;
  }
  QFont footerFont = painter.font();
  footerFont.setPointSizeF(8);
  const QString date = QLocale().toString(options.date, QLocale::LongFormat);
  for (int i = 0; i < pages.count; ++i) {
    if (i > 0) device->newPage();
    for (const Placed& p : pages.placed) {
      if (p.page != i) continue;
      painter.save();
      painter.translate(kMargin, kMargin + p.y - p.from);
      p.doc->drawContents(&painter, QRectF(0, p.from, page.width(), p.height));
      painter.restore();
    }
    painter.setFont(footerFont);
    painter.setPen(QColor(0x555555));
    const QRectF footer(kMargin, device->height() - kMargin - kFooter + 8, page.width(), kFooter - 8);
    painter.drawLine(footer.topLeft(), footer.topRight());
    painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("%1 — %2").arg(c.footerName, date));
    //: Report footer: page number of page count
    painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter,
                     Report::tr("Page %1 of %2").arg(QLocale().toString(i + 1), QLocale().toString(pages.count)));
  }
  painter.end();
  result.ok = true;
  result.pages = pages.count;
  for (const Section& s : c.sections) result.sections << s.title;
  result.sectionPages = pages.sectionPages;
  return result;
}

ReportResult render(const Content& c, const QString& path, const ReportOptions& options) {
  {
    QFile probe(path);  // QPdfWriter reports no errors: check that the file can be written first
    if (!probe.open(QIODevice::WriteOnly)) {
      ReportResult result;
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
  return render(c, &writer, options);
}

// ---- the scenario report's sections

QString modelName(const cp::Scenario& s) {
  if (const cp::ModelPreset* p = cp::find_model_preset(s.model_id)) return QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
  return QString::fromStdString(s.model_id);
}

QList<Block> inputsBlocks(const cp::Scenario& s) {
  const QString on = Report::tr("on");
  const QString off = Report::tr("off");
  const double params = cp::count_params(s.model).total;
  QList<QStringList> rows{
      {Report::tr("Model"), modelName(s)},
      {Report::tr("Parameters"), formatLarge(params)},  // "65.3 bn", "653 亿"
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
      {Report::tr("Network"), fabricName(s.cluster.fabric.name)},
      {Report::tr("Topology"), topologyName(s.cluster.topology)},
      {Report::tr("Training tokens"),
       s.training.tokens > 0 ? formatLarge(s.training.tokens) : Report::tr("not given")},  // "1.4 T", "1.4 万亿"
  };
  return tableBlocks({Report::tr("Input"), Report::tr("Value")}, rows, {40, 60});
}

// The headline page: each figure large, as people read it, with a line of context.
QList<Block> headlineBlocks(const cp::Scenario& s, const cp::Estimate& e) {
  QString html = QStringLiteral("<p class=\"big\">%1</p><table width=\"100%\" cellspacing=\"0\" cellpadding=\"6\">")
                     .arg(esc(Report::tr("%1 on %2 × %3, %4")
                                  .arg(modelName(s), formatCount(s.cluster.total_gpus()),
                                       QString::fromStdString(s.cluster.gpu.name), fabricName(s.cluster.fabric.name))));
  for (const HeadlineFigure& h : headlineFigures(s, e))
    html += QStringLiteral("<tr><td width=\"30%\" class=\"figure\">%1</td><td width=\"35%\" class=\"figure\"><b>%2</b></td>"
                           "<td width=\"35%\">%3</td></tr>")
                .arg(esc(h.title), esc(h.value), esc(h.detail));
  return {para(html + QStringLiteral("</table>"))};
}

// A source as the report shows it: the markers of how sure a figure is ("[est]", "[sec]",
// "[secondary source]") in the report's language; the citation itself (authors, titles, years,
// product names) is data and stays as written.
QString sourceText(const std::string& english) {
  QString text = QString::fromStdString(english);
  //: Report: marks an estimate in a source ("[est] no list price found")
  text.replace(QStringLiteral("[est]"), Report::tr("[est]"));
  //: Report: marks a secondary source in a source, short form
  text.replace(QStringLiteral("[sec]"), Report::tr("[sec]"));
  //: Report: marks a secondary source in a source
  text.replace(QStringLiteral("[secondary source]"), Report::tr("[secondary source]"));
  //: Report: the seed article (the Chinese article the workbench started from) cited as a price source
  text.replace(QRegularExpression(QStringLiteral("^seed article: ")), Report::tr("seed article: "));
  text.replace(QStringLiteral("(seed article, "), Report::tr("(seed article, "));
  return text;
}

// The source of a figure of "why this number" (engine/explain.cpp) with its fixed words in the
// report's language: each sentence the engine writes is matched whole and said again with what it
// cites (a datasheet, a price list's name) as data. A sentence not listed stays as it is
// (tst_presenters checks that none is left in the Chinese report).
QString figureSource(const std::string& english) {
  struct Pattern {
    const char* regex;
    const char* text;
  };
  static const Pattern kPatterns[] = {
      {"^ZeRO model states \\(Rajbhandari et al\\. 2020, section 5\\); activations per layer \\(Korthikanti et al\\. "
       "2022\\), for the micro-batches in flight on the peak pipeline stage; framework allowances as stated in the "
       "scenario$",
       QT_TRANSLATE_NOOP("cp::ui::Report",
                         "ZeRO model states (Rajbhandari et al. 2020, section 5); activations per layer (Korthikanti et "
                         "al. 2022), for the micro-batches in flight on the peak pipeline stage; framework allowances "
                         "as stated in the scenario")},
      {"^GPU capacity from the catalog \\((.*)\\); memory per GPU as explained$",
       QT_TRANSLATE_NOOP("cp::ui::Report", "GPU capacity from the catalog (%1); memory per GPU as explained")},
      {"^Compute per stage from the GEMM roofline; collectives with the alpha-beta model and NCCL bus bandwidth "
       "\\(nccl-tests PERFORMANCE\\.md\\); pipeline bubble \\(p - 1\\) / v micro-batch slots \\(Narayanan et al\\. "
       "2021, section 2\\.2\\); see docs/model\\.md$",
       QT_TRANSLATE_NOOP("cp::ui::Report",
                         "Compute per stage from the GEMM roofline; collectives with the alpha-beta model and NCCL bus "
                         "bandwidth (nccl-tests PERFORMANCE.md); pipeline bubble (p - 1) / v micro-batch slots "
                         "(Narayanan et al. 2021, section 2.2); see docs/model.md")},
      {"^Definition; step time as explained$", QT_TRANSLATE_NOOP("cp::ui::Report", "Definition; step time as explained")},
      {"^Chowdhery et al\\. 2022 \\(PaLM\\), appendix B; model FLOPs per Narayanan et al\\. 2021; peak from (.*)$",
       QT_TRANSLATE_NOOP("cp::ui::Report",
                         "Chowdhery et al. 2022 (PaLM), appendix B; model FLOPs per Narayanan et al. 2021; peak from %1")},
      {"^Goodput: Young 1974 and Daly 2006 checkpoint model; failure rate (\\S+) per GPU-hour \\(Llama 3, Dubey et "
       "al\\. 2024\\)$",
       QT_TRANSLATE_NOOP("cp::ui::Report",
                         "Goodput: Young 1974 and Daly 2006 checkpoint model; failure rate %1 per GPU-hour (Llama 3, "
                         "Dubey et al. 2024)")},
      {"^GPU TDP from the datasheet x average draw factor \\(Epoch AI: 75% of peak\\); node overhead calibrated to "
       "the DGX system maximum; switches and optics by line rate \\[est\\]; see docs/power-cost\\.md$",
       QT_TRANSLATE_NOOP("cp::ui::Report",
                         "GPU TDP from the datasheet x average draw factor (Epoch AI: 75% of peak); node overhead "
                         "calibrated to the DGX system maximum; switches and optics by line rate [est]; see "
                         "docs/power-cost.md")},
      {"^PUE: Uptime Institute 2023 \\(industry average 1\\.58; modern sites 1\\.3 or less\\)$",
       QT_TRANSLATE_NOOP("cp::ui::Report", "PUE: Uptime Institute 2023 (industry average 1.58; modern sites 1.3 or less)")},
      {"^Price list '(.*)' \\((.*)\\); month = 730 h$",
       QT_TRANSLATE_NOOP("cp::ui::Report", "Price list '%1' (%2); month = 730 h")},
      {"^Price list '(.*)'; time to train as explained$",
       QT_TRANSLATE_NOOP("cp::ui::Report", "Price list '%1'; time to train as explained")},
  };
  const QString source = QString::fromStdString(english);
  for (const Pattern& p : kPatterns) {
    const QRegularExpression re(QString::fromLatin1(p.regex));
    const QRegularExpressionMatch m = re.match(source);
    if (!m.hasMatch()) continue;
    QString text = QCoreApplication::translate("cp::ui::Report", p.text);
    for (int i = 1; i <= m.lastCapturedIndex(); ++i) text = text.arg(sourceText(m.captured(i).toStdString()));
    return text;
  }
  return sourceText(english);
}

// What a price line's price is per, in the report's language.
QString priceUnit(cp::PriceItem item) {
  using I = cp::PriceItem;
  switch (item) {
    case I::ServerRent:
      //: Report, price list: a server's rent, per month
      return Report::tr("per server-month");
    case I::GpuHour:
      return Report::tr("per GPU-hour");
    case I::Bandwidth:
    case I::Storage:
    case I::Services:
      return Report::tr("per month");
    case I::Cable:
      return Report::tr("per link");
    case I::Server:
    case I::Nic:
    case I::Switch:
    case I::Transceiver:
      break;
  }
  return Report::tr("each");
}

// What kind of line it is, in the report's language (its name, a product, is data).
QString priceKind(cp::PriceItem item) {
  using I = cp::PriceItem;
  switch (item) {
    case I::ServerRent: return Report::tr("Server rent");
    case I::GpuHour: return Report::tr("GPU-hour");
    case I::Server: return Report::tr("Server");
    case I::Nic: return Report::tr("Network card");
    case I::Switch: return Report::tr("Switch");
    case I::Transceiver: return Report::tr("Optical transceiver");
    case I::Cable: return Report::tr("Cable");
    case I::Bandwidth: return Report::tr("Bandwidth");
    case I::Storage: return Report::tr("Storage");
    case I::Services: return Report::tr("Services");
  }
  return {};
}

// A line's name without the unit the engine's lists end it with (", month": the price column
// says the unit in the report's language).
QString priceLineName(const std::string& name) {
  QString text = QString::fromStdString(name);
  if (text.endsWith(QStringLiteral(", month"))) text.chop(7);
  return text;
}

QList<Block> figuresBlocks(const cp::Scenario& s, const cp::Estimate& e) {
  QList<QStringList> rows;
  for (const HeadlineFigure& h : headlineFigures(s, e)) {
    const cp::Explanation x = cp::explain(h.figure, s, e);
    rows << QStringList{h.title, h.value, formulaText(x), figureSource(x.source)};
  }
  return tableBlocks({Report::tr("Figure"), Report::tr("Value"), Report::tr("Formula"), Report::tr("Source")}, rows,
                     {15, 21, 32, 32});
}

const cp::PriceList& priceList(const cp::Assumptions& a) {
  return a.payment == cp::Payment::Rent ? a.rent : a.payment == cp::Payment::Cloud ? a.cloud : a.purchase;
}

// The assumptions with their sources; the price list by its name only (its lines: the appendix).
// `estimate` (null: none) adds the owner's cost lines and the break-even.
QList<Block> assumptionsBlocks(const cp::Scenario& s, const QString& appendix, const cp::Estimate* estimate) {
  const cp::Assumptions& a = s.assumptions;
  const QString cur = QString::fromUtf8(cp::to_string(a.currency).data());
  const cp::PriceList& list = priceList(a);
  QList<QStringList> rows{
      {Report::tr("GPU"), QString::fromStdString(s.cluster.gpu.name), sourceText(s.cluster.gpu.source)},
      {Report::tr("Network"), fabricName(s.cluster.fabric.name), sourceText(s.cluster.fabric.source)},
      {Report::tr("PUE (facility power / IT power)"), number(a.pue, 2), Report::tr("Uptime Institute survey 2023")},
      {Report::tr("GPU power while training, share of TDP"), formatPercent(a.gpu_power_factor, 0), QString()},
      {Report::tr("Currency of results"), cur, QString()},
      {Report::tr("CNY per USD"), number(a.cny_per_usd, 2), QString()},
      {Report::tr("Electricity price per kWh"),
       QStringLiteral("%1 %2").arg(QString::fromUtf8(cp::to_string(a.power_price_currency).data()), number(a.power_price_per_kwh, 3)),
       QString()},
      {Report::tr("Payment"), paymentName(a.payment), QString()},
      //: Report: the price list's row; %1 its date, %2 its source, %3 the appendix that lists its lines
      {Report::tr("Price list"),
       QString::fromStdString(list.name) +
           (cp::price_list_stale(list) ? Report::tr(" (stale: more than %1 months old)").arg(cp::kPriceListStaleMonths)
                                       : QString()),
       Report::tr("%1, %2; its lines (%3) in %4")
           .arg(QString::fromStdString(list.date), sourceText(list.source), formatCount(double(list.lines.size())),
                appendix)},
  };
  // The owner's full cost, line by line, with the terms that set it (docs/power-cost.md).
  if (estimate) {
    const cp::OwnerCost& o = estimate->cost.owner;
    const cp::Currency c = a.currency;
    const QString perMonth = Report::tr("%1 per month");
    rows << QStringList{Report::tr("Owner's capital up front"), formatMoney(o.capex, c),
                        //: Report: %1 servers, %2 network, %3 storage; %4 the purchase list and %5 its date
                        Report::tr("servers %1, network %2, storage %3; prices of %4 (%5)")
                            .arg(formatMoney(o.server_capex, c), formatMoney(o.network_capex, c),
                                 formatMoney(o.storage_capex, c), QString::fromStdString(a.purchase.id),
                                 QString::fromStdString(a.purchase.date))}
         << QStringList{Report::tr("Depreciation"), perMonth.arg(formatMoney(o.hardware_per_month + o.network_storage_per_month, c)),
                        Report::tr("%1 years to a residual value of %2; network and storage %3")
                            .arg(number(a.amortisation_years, 1), formatPercent(a.residual_value, 0),
                                 formatMoney(o.network_storage_per_month, c))}
         << QStringList{Report::tr("Cost of capital"), perMonth.arg(formatMoney(o.capital_per_month, c)),
                        Report::tr("%1 a year (CoreWeave's 2025 debt 9-11%)").arg(formatPercent(a.discount_rate, 1))}
         << QStringList{Report::tr("Support and maintenance"), perMonth.arg(formatMoney(o.support_per_month, c)),
                        Report::tr("%1 of the hardware a year (hardware contracts 10-30%)").arg(formatPercent(a.support_per_year, 1))}
         << QStringList{Report::tr("Facility"), perMonth.arg(formatMoney(o.facility_per_month, c)),
                        o.built_facility ? Report::tr("built, paid off over %1 years (Cushman & Wakefield 2025)")
                                               .arg(number(a.facility_years, 0))
                                         : Report::tr("colocation per kW of IT peak (CBRE 2025)")}
         << QStringList{Report::tr("Electricity"), perMonth.arg(formatMoney(o.electricity_per_month, c)), QString()}
         << QStringList{Report::tr("Owner's cost"), Report::tr("%1 per GPU-hour").arg(formatMoney(o.per_gpu_hour, c)),
                        perMonth.arg(formatMoney(o.per_month, c))}
         << QStringList{Report::tr("Break-even (owning beats renting)"),
                        estimate->cost.break_even_months > 0
                            ? Report::tr("%1 months").arg(number(estimate->cost.break_even_months, 1))
                            : Report::tr("never"),
                        Report::tr("against %1").arg(QString::fromStdString(a.list_for(estimate->cost.break_even_against).id))};
  }
  return tableBlocks({Report::tr("Assumption"), Report::tr("Value"), Report::tr("Source")}, rows, {34, 22, 44});
}

QList<Block> priceListBlocks(const cp::Scenario& s) {
  const cp::PriceList& list = priceList(s.assumptions);
  QList<QStringList> lines;
  const QString listCur = QString::fromUtf8(cp::to_string(list.currency).data());
  for (const cp::PriceLine& l : list.lines)
    //: Report, price list: %1 the kind of line ("Server rent"), %2 its name (a product, as the list writes it)
    lines << QStringList{Report::tr("%1: %2").arg(priceKind(l.item), priceLineName(l.name)),
                         //: Report, price list: %1 currency, %2 amount, %3 what it is per ("per GPU-hour")
                         Report::tr("%1 %2 %3").arg(listCur, number(l.price, 2), priceUnit(l.item)), sourceText(l.source)};
  const QString name = Report::tr("%1 (%2), %3").arg(QString::fromStdString(list.name), QString::fromStdString(list.date),
                                                    sourceText(list.source));
  return QList<Block>{para(QStringLiteral("<p>%1</p>").arg(esc(name)))} +
         tableBlocks({Report::tr("Item"), Report::tr("Price"), Report::tr("Source")}, lines, {40, 20, 40});
}

// Every input as the scenario file names it, with the values written for people: numbers in the
// report's language with a few significant digits ("0.088", "10,000,000,000", "1.973 × 10⁻⁵",
// never "1.9732816719714506e-05"), unset values as "auto", booleans as yes and no. The price
// lists' lines are Appendix A's (the list in use), not repeated here key by key.
QList<Block> allInputsBlocks(const cp::Scenario& s, const QString& priceAppendix) {
  QList<QStringList> rows;
  for (const auto& [key, value] : cp::flatten_json(cp::scenario_to_json(s))) {
    if (key.rfind("assumptions.price_lists.", 0) == 0) continue;
    rows << QStringList{QString::fromStdString(key), readableValue(value)};
  }
  const QString note = Report::tr("Every input as the scenario file names it; the price list in use is in %1.").arg(priceAppendix);
  return QList<Block>{para(QStringLiteral("<p>%1</p>").arg(esc(note)))} +
         tableBlocks({Report::tr("Key"), Report::tr("Value")}, rows, {45, 55});
}

// A layout where few or no published runs stand (throughput.band.outside_evidence): the warning
// the CLI, the JSON and the GUI give, then what the planner offers on the same cluster, in the
// CLI's words: its winner when that stands inside the evidence, else the best listed layout that
// does (or that none does). Searched only for such a layout, so other reports cost nothing more.
QList<Block> evidenceBlocks(const cp::Scenario& s, const cp::Estimate& e) {
  QList<Block> blocks;
  for (const cp::Warning& w : e.warnings)
    if (w.code == cp::WarningCode::OutsideEvidence) blocks << para(QStringLiteral("<p><b>%1</b></p>").arg(esc(warningText(w))));
  const cp::PlanResult r = cp::plan(s, cp::SearchSpace{}, cp::PlanOptions{});
  if (r.ok() && !r.top.empty())
    blocks << para(QStringLiteral("<p>%1</p>").arg(esc(QString::fromStdString(cp::validated_layout_text(r)))));
  return blocks;
}

QString subtitle(const ReportOptions& o) {
  return Report::tr("clusterplan %1 — %2")
      .arg(QCoreApplication::applicationVersion(), QLocale().toString(o.date, QLocale::LongFormat));
}

// The scenario report's content; hidden plan charts (the plan page's) draw its charts.
Content scenarioContent(const cp::Scenario& scenario, const ReportOptions& options) {
  ScenarioDocument document;
  document.reset(scenario);
  PlanCharts plan;
  plan.resize(940, 860);

  Content c;
  const QString name = scenarioDisplayName(scenario);  // a derived name in the report's language
  // A name is the user's: the title shows a few lines of it at most, the footer one short line.
  c.title = Report::tr("Scenario report: %1").arg(oneLine(name, kReportTitleChars));
  c.subtitle = subtitle(options);
  c.footerName = oneLine(name, kFooterNameChars);
  const QString priceAppendix = Report::tr("Appendix A: price list");
  const auto& estimate = document.estimate();
  const bool estimated = estimate && document.valid();
  if (estimated) {
    QList<Block> headline = headlineBlocks(document.estimatedScenario(), *estimate);
    if (estimate->throughput.outside_evidence != 0) headline << evidenceBlocks(document.estimatedScenario(), *estimate);
    c.sections << Section{Report::tr("Headline figures"), headline};
  }
  else
    c.sections << Section{Report::tr("Headline figures"),
                          {para(QStringLiteral("<p>%1</p>").arg(esc(Report::tr("No estimate: the scenario has problems."))))}};
  c.sections << Section{Report::tr("Inputs"), inputsBlocks(scenario)};
  if (estimated) {
    const cp::Scenario& s = document.estimatedScenario();
    plan.setEstimate(s, *estimate);
    c.sections << Section{Report::tr("Figures, formulas and sources"), figuresBlocks(s, *estimate)};
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
    QList<Block> blocks;
    for (const auto& chart : charts) {
      const QImage image = chartImage(chart.plot, name, options.date, chart.height);
      c.images.append({QString::fromLatin1(chart.id), image});
      blocks << chartBlock(QString::fromLatin1(chart.id), image, chart.caption);
    }
    c.sections << Section{Report::tr("Charts"), blocks};
  }
  c.sections << Section{Report::tr("Assumptions and sources"),
                        assumptionsBlocks(estimated ? document.estimatedScenario() : scenario, priceAppendix,
                                          estimated ? &*estimate : nullptr)};

  QList<Block> warnings;
  if (!document.valid()) {
    for (const cp::Problem& p : document.problems()) warnings << para(QStringLiteral("<p>• %1</p>").arg(esc(problemText(p))));
  } else if (estimate) {
    for (const cp::Warning& w : estimate->warnings) warnings << para(QStringLiteral("<p>• %1</p>").arg(esc(warningText(w))));
  }
  if (warnings.isEmpty()) warnings << para(QStringLiteral("<p>%1</p>").arg(esc(Report::tr("No warnings."))));
  c.sections << Section{Report::tr("Warnings"), warnings};
  c.sections << Section{priceAppendix, priceListBlocks(scenario)};
  c.sections << Section{Report::tr("Appendix B: every input"), allInputsBlocks(scenario, priceAppendix)};
  return c;
}

}  // namespace

QList<HeadlineFigure> headlineFigures(const cp::Scenario& s, const cp::Estimate& e) {
  using F = cp::Figure;
  const cp::Currency cur = s.assumptions.currency;
  const double headroom = e.memory.headroom();
  const QString noBudget = Report::tr("no token budget set");
  QList<HeadlineFigure> h;
  //: Report headline: whether the job fits in GPU memory, and the memory left over
  const QString fits = e.memory.fits ? Report::tr("Fits: yes, %1 free").arg(formatGiB(headroom))
                                     //: Report headline: the job does not fit in GPU memory, and by how much
                                     : Report::tr("Fits: no, %1 short").arg(formatGiB(-headroom));
  h << HeadlineFigure{F::Headroom, Report::tr("Fits in memory"), fits,
                      Report::tr("peak pipeline stage %1 of %2").arg(e.memory.peak_stage + 1).arg(s.parallel.pp)};
  h << HeadlineFigure{F::MemoryPerGpu, figureTitle(F::MemoryPerGpu), formatGiB(e.memory.peak.total()),
                      Report::tr("of %1 on %2").arg(formatGiB(e.memory.capacity), QString::fromStdString(s.cluster.gpu.name))};
  h << HeadlineFigure{F::StepTime, figureTitle(F::StepTime), formatDuration(e.step.step_s),
                      Report::tr("%1 micro-batches, DP %2").arg(formatCount(e.microbatches), formatCount(e.dp))};
  h << HeadlineFigure{F::TokensPerS, figureTitle(F::TokensPerS), formatTokensPerS(e.throughput.tokens_per_s),
                      Report::tr("band %1 – %2").arg(formatTokensPerS(e.throughput.band_low), formatTokensPerS(e.throughput.band_high))};
  h << HeadlineFigure{F::Mfu, figureTitle(F::Mfu), formatPercent(e.throughput.mfu),
                      Report::tr("%1 TFLOP/s per GPU").arg(number(e.throughput.model_tflops_per_gpu, 0))};
  const bool budget = e.reliability.real_train_time_s > 0;
  h << HeadlineFigure{F::TrainTime, figureTitle(F::TrainTime), budget ? formatDuration(e.reliability.real_train_time_s) : noBudget,
                      budget ? Report::tr("goodput %1 after failures").arg(formatPercent(e.reliability.goodput)) : QString()};
  h << HeadlineFigure{F::ItPower, figureTitle(F::ItPower), formatPower(e.power.it_w),
                      Report::tr("peak %1").arg(formatPower(e.power.it_peak_w))};
  h << HeadlineFigure{F::FacilityPower, figureTitle(F::FacilityPower), formatPower(e.power.facility_w),
                      Report::tr("PUE %1, racks: %2").arg(number(s.assumptions.pue, 2), formatCount(e.power.racks))};
  h << HeadlineFigure{F::CostPerMonth, figureTitle(F::CostPerMonth), formatMoney(e.cost.per_month, cur),
                      s.assumptions.payment == cp::Payment::Purchase
                          ? Report::tr("upfront capital %1").arg(formatMoney(e.cost.capex, cur))
                          : Report::tr("budget with headroom %1").arg(formatMoney(e.cost.budget_per_month, cur))};
  const QString date = QString::fromStdString(s.assumptions.list_for(s.assumptions.payment).date);
  h << HeadlineFigure{F::CostPerRun, figureTitle(F::CostPerRun), e.cost.run_total > 0 ? formatMoney(e.cost.run_total, cur) : noBudget,
                      e.cost.run_total > 0
                          ? Report::tr("%1 months billed; prices of %2").arg(number(e.cost.billed_months, 1), date)
                          : Report::tr("prices of %1").arg(date)};
  return h;
}

ReportResult writeScenarioReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options) {
  return render(scenarioContent(scenario, options), path, options);
}

ReportResult printScenarioReport(const cp::Scenario& scenario, QPagedPaintDevice* device, const ReportOptions& options) {
  return render(scenarioContent(scenario, options), device, options);
}

ReportResult writeFabricReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options) {
  ScenarioDocument document;
  document.reset(scenario);
  if (!document.valid()) {
    ReportResult r;
    QStringList problems;
    for (const cp::Problem& p : document.problems()) problems << problemText(p);
    r.error = problems.join(QLatin1Char('\n'));
    return r;
  }
  // The comparison the page runs when it opens, drawn by its charts (hidden).
  const std::shared_ptr<const SweepResult> result = runComparison(scenario, options.maxGpus, kSweepTimeoutMs);
  if (!result) {
    ReportResult r;
    r.error = Report::tr("The fabric sweep did not finish.");
    return r;
  }
  constexpr auto kLayout = cp::SweepLayout::Best;
  FabricCharts drawn;
  keepTickLabelsApartIn(&drawn);
  drawn.resize(1500, 780);
  drawn.setResult(result, {kLayout, false, true});
  const SweepResult& sweep = *result;
  const QString name = QString::fromStdString(scenario.name);

  Content c;
  c.title = Report::tr("InfiniBand vs RoCE: %1").arg(oneLine(name, kReportTitleChars));
  c.subtitle = subtitle(options);
  c.footerName = oneLine(name, kFooterNameChars);
  QStringList fabrics;
  for (const SweepSeries& s : sweep.series) fabrics << fabricName(s.fabric_name);
  // The bottom line first, then how the points were found.
  const QString verdict = FabricCharts::jobVerdict(result.get(), scenario.cluster.fabric.id);
  QStringList sizes;
  for (int n : sweep.sizes) sizes << formatCount(n);
  const QString method =
      kLayout == cp::SweepLayout::Best
          ? Report::tr("The plan below, run on %1 GPUs (the plan's own size, %2 GPUs, included; the global batch is "
                       "held), on: %3. Each point runs the best layout found for its size and fabric, not the plan's "
                       "own layout; the table names each point's layout.")
          : Report::tr("The plan below, run on %1 GPUs (the plan's own size, %2 GPUs, included; the global batch is "
                       "held), on: %3. Your layout held: TP, PP, CP and EP as in the plan, DP follows the size.");
  c.sections << Section{Report::tr("Verdict"), QList<Block>{para(QStringLiteral("<p><b>%1</b></p>").arg(esc(verdict)))}};
  c.sections << Section{Report::tr("Inputs"),
                        QList<Block>{para(QStringLiteral("<p>%1</p>")
                                              .arg(esc(method.arg(sizes.join(QStringLiteral(", ")),
                                                                  formatCount(scenario.cluster.total_gpus()),
                                                                  fabrics.join(QStringLiteral(", "))))))} +
                            inputsBlocks(scenario)};
  QList<Block> charts;
  for (int m = 0; m < FabricCharts::MetricCount; ++m) {
    const QString id = QStringLiteral("fabric%1").arg(m);
    const QImage image = chartImage(drawn.plot(FabricCharts::Metric(m)), name, options.date, 380);
    c.images.append({id, image});
    charts << chartBlock(id, image, QString());
  }
  c.sections << Section{Report::tr("Charts"), charts};

  QList<QStringList> rows;
  for (const SweepSeries& s : sweep.series)
    for (const SweepPoint& p : s.points)
      rows << QStringList{fabricName(s.fabric_name),
                          p.gpus == scenario.cluster.total_gpus()
                              ? Report::tr("%1 (your plan)").arg(formatCount(p.gpus))
                              : formatCount(p.gpus),
                          QString::fromStdString(p.layout),
                          p.feasible ? formatTokensPerS(p.tokens_per_s) : QString::fromStdString(p.problem),
                          p.feasible ? formatPercent(p.mfu) : QString(), p.feasible ? formatPercent(p.scaling) : QString(),
                          p.feasible && p.train_time_s > 0 ? formatDuration(p.train_time_s) : QString(),
                          p.feasible ? formatMoney(p.cost_per_run, sweep.currency) : QString()};
  c.sections << Section{Report::tr("Results"),
                        tableBlocks({Report::tr("Network"), Report::tr("GPUs"), Report::tr("Layout"),
                                     Report::tr("Throughput"), Report::tr("MFU"), Report::tr("Scaling"),
                                     Report::tr("Time to train"), Report::tr("Cost per run")},
                                    rows, {14, 8, 26, 12, 7, 8, 12, 13})};
  QList<QStringList> sources;
  for (const SweepSeries& s : sweep.series)
    if (const cp::FabricSpec* f = cp::find_fabric(s.fabric_id))
      sources << QStringList{fabricName(f->name), sourceText(f->source)};
  const QString priceAppendix = Report::tr("Appendix A: price list");
  c.sections << Section{Report::tr("Assumptions and sources"),
                        tableBlocks({Report::tr("Network"), Report::tr("Source")}, sources, {30, 70}) +
                            assumptionsBlocks(scenario, priceAppendix, nullptr)};
  c.sections << Section{priceAppendix, priceListBlocks(scenario)};
  return render(c, path, options);
}

namespace {

constexpr int kReportMessageMs = 10000;  // how long "Report written to ..." stays in the status bar

// Owns the File menu's report actions and keeps their texts in the current language.
class ReportActions : public WindowActions {
 public:
  ReportActions(QMainWindow* window, QMenu* file, QAction* before, ScenarioDocument* document)
      : WindowActions(window), document_(document) {
    export_ = new QAction(this);
    export_->setObjectName(QStringLiteral("exportReportAction"));
    export_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    print_ = new QAction(this);
    print_->setObjectName(QStringLiteral("printAction"));
    print_->setShortcut(QKeySequence::Print);
    file->insertAction(before, export_);
    file->insertAction(before, print_);
    file->insertSeparator(before);
    connect(export_, &QAction::triggered, this, &ReportActions::exportReport);
    connect(print_, &QAction::triggered, this, &ReportActions::print);
    ReportActions::retranslate();
  }

 private:
  void retranslate() override {
    export_->setText(Report::tr("Export &report…"));
    print_->setText(Report::tr("&Print…"));
  }

  void exportReport() {
    const QString path = askExportPath(window(), exportFileBase(scenarioDisplayName(document_->scenario()),
                                                                QStringLiteral("report")),
                                       QStringLiteral("pdf"), Report::tr("PDF documents (*.pdf)"));
    if (path.isEmpty()) return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const ReportResult r = writeScenarioReport(document_->scenario(), path);
    QApplication::restoreOverrideCursor();
    if (!r.ok) {
      warn(window(), Report::tr("Cannot write the report"), Report::tr("%1: %2").arg(path, r.error));
      return;
    }
    //: Status bar after File > Export report: the file and its number of pages
    window()->statusBar()->showMessage(Report::tr("Report written to %1 (pages: %2)").arg(path, formatCount(r.pages)),
                                      kReportMessageMs);
  }

  void print() {
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageSize(QPageSize(QPageSize::A4));
    QPrintDialog dialog(&printer, window());
    dialog.setOptions(QAbstractPrintDialog::PrintToFile | QAbstractPrintDialog::PrintShowPageSize);
    if (dialog.exec() != QDialog::Accepted) return;
    printer.setFullPage(true);
    printer.setResolution(kDpi);  // the report is laid out at 96 DPI
    const ReportResult r = printScenarioReport(document_->scenario(), &printer);
    if (!r.ok) warn(window(), Report::tr("Cannot print the report"), r.error);
  }

  ScenarioDocument* document_;
  QAction* export_ = nullptr;
  QAction* print_ = nullptr;
};

}  // namespace

void addReportActions(QMainWindow* window, QMenu* file, QAction* before, ScenarioDocument* document) {
  new ReportActions(window, file, before, document);
}

}  // namespace cp::ui
