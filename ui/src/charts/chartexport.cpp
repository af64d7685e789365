#include "ui/charts/chartexport.h"

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QCoreApplication>
#include <QDir>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSpinBox>
#include <QSvgGenerator>
#include <QPainter>
#include <QRegularExpression>
#include <QTableView>
#include <QTextStream>
#include <algorithm>
#include <cmath>
#include "ui/charts/customplot.h"

#include "io/scenario_json.h"
#include "plan/fabric_compare.h"
#include "engine/explain.h"
#include "ui/text/enginetext.h"
#include "ui/text/i18n.h"
#include "ui/memorycomponent.h"
#include "ui/text/terms.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/fabriccharts.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/plancharts.h"
#include "ui/preferences.h"
#include "ui/scenariodocument.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

// The translation context of the exports' menus and dialogs.
struct ChartExport {
  Q_DECLARE_TR_FUNCTIONS(cp::ui::ChartExport)
};

constexpr double kScreenDpi = 96.0;
constexpr double kFooterHeight = 26.0;  // logical pixels

const Preference<QSize> kPngSize{"export/pngSize", QSize(1600, 1000)};
const Preference<int> kPngDpi{"export/pngDpi", 144};
const Preference<QString> kExportDir{"export/directory"};

QTextStream& csvField(QTextStream& out, const QString& text) {
  if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n')) ||
      text.contains(QLatin1Char('\r'))) {
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    out << '"' << quoted << '"';
  } else {
    out << text;
  }
  return out;
}

QString cellText(const QVariant& v) {
  if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float) return exportNumber(v.toDouble());
  return v.toString();  // ints and strings: locale-independent already
}

// The chart with its export-only changes (theme, a legend, an axis label from the title), undone
// on destruction.
class ExportLook {
 public:
  ExportLook(QCustomPlot* plot, const ChartExportOptions& o) : plot_(plot) {
    if (o.palette) applyChartPalette(plot, *o.palette);
    bool named = false;
    for (int i = 0; i < plot->plottableCount(); ++i)
      named = named || (!plot->plottable(i)->name().isEmpty() && plot->plottable(i)->interface1D() &&
                        plot->plottable(i)->interface1D()->dataCount() > 0);
    if (plot->legend && !plot->legend->visible() && named) {
      plot->legend->setVisible(true);
      legendShown_ = true;
    }
    // A chart whose title carries the unit ("MFU (%)") gets it on the value axis too.
    QCPAxis* value = plot->yAxis;
    if (value && value->label().isEmpty() && value->visible() && value->tickLabels()) {
      for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) {
          value->setLabel(t->text());
          labelSet_ = true;
          break;
        }
    }
  }
  ~ExportLook() {
    if (legendShown_) plot_->legend->setVisible(false);
    if (labelSet_) plot_->yAxis->setLabel(QString());
    applyChartPalette(plot_, plot_->palette());
    plot_->replot();
  }
  ExportLook(const ExportLook&) = delete;
  ExportLook& operator=(const ExportLook&) = delete;

 private:
  QCustomPlot* plot_;
  bool legendShown_ = false;
  bool labelSet_ = false;
};

QSize logicalSize(const ChartExportOptions& o) {
  const double scale = std::max(0.25, o.dpi / kScreenDpi);
  return QSize(std::max(1, int(std::lround(o.size.width() / scale))), std::max(1, int(std::lround(o.size.height() / scale))));
}

// Writes atomically (QSaveFile): the old file stays whole when writing fails.
bool saveBytes(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) < 0 || !file.commit()) {
    if (error) *error = file.errorString();
    return false;
  }
  return true;
}

bool validSize(const ChartExportOptions& o, QString* error) {
  const bool ok = o.size.width() >= kMinExportSide && o.size.height() >= kMinExportSide &&
                  o.size.width() <= kMaxExportSide && o.size.height() <= kMaxExportSide && o.dpi >= kMinExportDpi &&
                  o.dpi <= kMaxExportDpi;
  if (!ok && error)
    *error = ChartExport::tr("The size must be %1 to %2 pixels a side and the resolution 24 to 2400 DPI.")
                 .arg(kMinExportSide)
                 .arg(kMaxExportSide);
  return ok;
}

}  // namespace

std::optional<ChartFormat> chartFormatForPath(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("png")) return ChartFormat::Png;
  if (suffix == QLatin1String("svg")) return ChartFormat::Svg;
  if (suffix == QLatin1String("pdf")) return ChartFormat::Pdf;
  return std::nullopt;
}

QString chartFooter(const QString& scenarioName, const QDate& date) {
  const QString when = QLocale().toString(date, QLocale::LongFormat);
  if (scenarioName.isEmpty()) return ChartExport::tr("%1 — clusterplan").arg(when);
  //: Footer of an exported chart: the scenario's name, then the date
  return ChartExport::tr("Scenario: %1 — %2 — clusterplan").arg(oneLine(scenarioName), when);
}

void paintChart(QCPPainter& painter, QCustomPlot* plot, const QSize& logical, const ChartExportOptions& options) {
  ExportLook look(plot, options);
  const QPalette pal = options.palette.value_or(plot->palette());
  const int footer = int(kFooterHeight);
  const int plotHeight = std::max(1, logical.height() - footer);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setRenderHint(QPainter::TextAntialiasing);
  painter.fillRect(QRect(QPoint(0, 0), logical), pal.color(QPalette::Base));
  plot->toPainter(&painter, logical.width(), plotHeight);
  painter.save();
  QFont f = plot->font();
  f.setPointSizeF(f.pointSizeF() * 0.95);
  painter.setFont(f);
  QColor text = pal.color(QPalette::Text);
  text.setAlpha(190);
  painter.setPen(QPen(text, 1));
  painter.drawLine(QPointF(8, plotHeight + 2.5), QPointF(logical.width() - 8, plotHeight + 2.5));
  QString footerText = chartFooter(options.scenarioName, options.date);
  if (!options.note.isEmpty()) footerText += QStringLiteral(" — ") + oneLine(options.note);
  painter.drawText(QRectF(10, plotHeight + 3, logical.width() - 20, footer - 3), Qt::AlignVCenter | Qt::AlignLeft,
                   painter.fontMetrics().elidedText(footerText, Qt::ElideRight, logical.width() - 20));
  painter.restore();
}

namespace {

// Paints onto a device that has no painter yet.
void paintOn(QPaintDevice* device, QCustomPlot* plot, const QSize& logical, const ChartExportOptions& o, double scale) {
  QCPPainter painter(device);
  painter.scale(scale, scale);
  paintChart(painter, plot, logical, o);
}

}  // namespace

QImage renderChartImage(QCustomPlot* plot, const ChartExportOptions& options) {
  const QSize logical = logicalSize(options);
  QImage image(options.size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  // Fonts in points become pixels at 96 DPI; the painter's scale makes them options.dpi.
  image.setDotsPerMeterX(int(std::lround(kScreenDpi / 0.0254)));
  image.setDotsPerMeterY(int(std::lround(kScreenDpi / 0.0254)));
  paintOn(&image, plot, logical, options, double(options.size.width()) / logical.width());
  image.setDotsPerMeterX(int(std::lround(options.dpi / 0.0254)));
  image.setDotsPerMeterY(int(std::lround(options.dpi / 0.0254)));
  return image.convertToFormat(QImage::Format_RGB32);
}

bool exportChart(QCustomPlot* plot, const QString& path, const ChartExportOptions& options, QString* error,
                 std::optional<ChartFormat> format) {
  if (!format) format = chartFormatForPath(path);
  if (!format) {
    if (error) *error = ChartExport::tr("Unknown chart format: use a .png, .svg or .pdf file name.");
    return false;
  }
  if (!validSize(options, error)) return false;
  const QSize logical = logicalSize(options);
  const QString title = QStringLiteral("clusterplan — %1").arg(oneLine(options.scenarioName));
  switch (*format) {
    case ChartFormat::Png: {
      QSaveFile file(path);
      if (!file.open(QIODevice::WriteOnly) || !renderChartImage(plot, options).save(&file, "PNG") || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
      }
      return true;
    }
    case ChartFormat::Svg: {
      QBuffer buffer;
      buffer.open(QIODevice::WriteOnly);
      QSvgGenerator svg;
      svg.setOutputDevice(&buffer);
      svg.setResolution(int(kScreenDpi));
      svg.setSize(logical);
      svg.setViewBox(QRect(QPoint(0, 0), logical));
      // QSvgGenerator (Qt 6.4) writes the title and description into the XML as they are: a
      // name with markup in it would make the file malformed, its tags part of the document.
      svg.setTitle(title.toHtmlEscaped());
      svg.setDescription((chartFooter(options.scenarioName, options.date) +
                          (options.note.isEmpty() ? QString() : QStringLiteral(" — ") + oneLine(options.note)))
                             .toHtmlEscaped());
      paintOn(&svg, plot, logical, options, 1.0);
      return saveBytes(path, buffer.data(), error);
    }
    case ChartFormat::Pdf: {
      QFile probe(path);  // QPdfWriter reports no errors: check that the file can be written first
      if (!probe.open(QIODevice::WriteOnly)) {
        if (error) *error = probe.errorString();
        return false;
      }
      probe.close();
      QPdfWriter pdf(path);
      pdf.setResolution(int(kScreenDpi));
      pdf.setCreator(QStringLiteral("clusterplan"));
      pdf.setTitle(title);
      pdf.setPageSize(QPageSize(QSizeF(logical.width() * 72.0 / kScreenDpi, logical.height() * 72.0 / kScreenDpi),
                                QPageSize::Point, QString(), QPageSize::ExactMatch));
      pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
      paintOn(&pdf, plot, logical, options, 1.0);
      return true;
    }
  }
  return false;
}

void copyChartToClipboard(QCustomPlot* plot, const ChartExportOptions& options) {
  auto* mime = new QMimeData;
  mime->setImageData(renderChartImage(plot, options));
  QBuffer buffer;
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setResolution(int(kScreenDpi));
  const QSize logical = logicalSize(options);
  svg.setSize(logical);
  svg.setViewBox(QRect(QPoint(0, 0), logical));
  paintOn(&svg, plot, logical, options, 1.0);
  mime->setData(QStringLiteral("image/svg+xml"), buffer.data());
  QGuiApplication::clipboard()->setMimeData(mime);
}

// ---- tables

QString exportNumber(double value) {
  if (!std::isfinite(value)) return QString();
  if (value == std::floor(value) && std::fabs(value) < 1e15) return QString::number(qint64(value));
  return QString::number(value, 'g', 12);
}

QByteArray tableToCsv(const Table& table) {
  QString text;
  QTextStream out(&text);
  for (const QString& note : table.notes) out << "# " << oneLine(note) << "\r\n";
  for (qsizetype i = 0; i < table.header.size(); ++i) {
    if (i) out << ',';
    csvField(out, table.header[i]);
  }
  out << "\r\n";
  for (const QVariantList& row : table.rows) {
    for (qsizetype i = 0; i < row.size(); ++i) {
      if (i) out << ',';
      csvField(out, cellText(row[i]));
    }
    out << "\r\n";
  }
  out.flush();
  return QByteArray("\xEF\xBB\xBF") + text.toUtf8();
}

Table tableFromCsv(const QByteArray& csv) {
  QString text = QString::fromUtf8(csv.startsWith("\xEF\xBB\xBF") ? csv.mid(3) : csv);
  QStringList notes;
  while (text.startsWith(QStringLiteral("# "))) {
    const qsizetype end = text.indexOf(QLatin1Char('\n'));
    QString line = text.left(end < 0 ? text.size() : end);
    if (line.endsWith(QLatin1Char('\r'))) line.chop(1);
    notes << line.mid(2);
    text = end < 0 ? QString() : text.mid(end + 1);
  }
  QList<QStringList> records;
  QStringList record;
  QString field;
  bool quoted = false;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    if (quoted) {
      if (c == QLatin1Char('"')) {
        if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
          field += c;
          ++i;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c == QLatin1Char('"')) {
      quoted = true;
    } else if (c == QLatin1Char(',')) {
      record << field;
      field.clear();
    } else if (c == QLatin1Char('\n')) {
      record << field;
      field.clear();
      records << record;
      record.clear();
    } else if (c != QLatin1Char('\r')) {
      field += c;
    }
  }
  if (!field.isEmpty() || !record.isEmpty()) records << (record << field);
  Table t;
  t.notes = notes;
  if (records.isEmpty()) return t;
  t.header = records.takeFirst();
  for (const QStringList& r : records) {
    QVariantList row;
    for (const QString& f : r) row << f;
    t.rows << row;
  }
  return t;
}

QByteArray tableToJson(const Table& table) {
  QJsonArray rows;
  for (const QVariantList& row : table.rows) {
    QJsonObject o;
    for (qsizetype i = 0; i < row.size() && i < table.header.size(); ++i) {
      const QVariant& v = row[i];
      if (v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Int || v.typeId() == QMetaType::LongLong)
        o.insert(table.header[i], std::isfinite(v.toDouble()) ? QJsonValue(v.toDouble()) : QJsonValue());
      else if (v.typeId() == QMetaType::Bool)
        o.insert(table.header[i], v.toBool());
      else
        o.insert(table.header[i], v.toString());
    }
    rows.append(o);
  }
  return QJsonDocument(rows).toJson(QJsonDocument::Indented);
}

bool exportTable(const Table& table, const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QByteArray bytes;
  if (suffix == QLatin1String("csv")) bytes = tableToCsv(table);
  else if (suffix == QLatin1String("json")) bytes = tableToJson(table);
  else {
    if (error) *error = ChartExport::tr("Unknown table format: use a .csv or .json file name.");
    return false;
  }
  return saveBytes(path, bytes, error);
}

Table sweepTable(const SweepResult& result) {
  Table t;
  const QString cur = QString::fromUtf8(cp::to_string(result.currency).data());
  t.header = {QStringLiteral("fabric_id"),     QStringLiteral("fabric"),          QStringLiteral("gpus"),
              QStringLiteral("feasible"),      QStringLiteral("fits"),            QStringLiteral("tokens_per_s"),
              QStringLiteral("mfu"),           QStringLiteral("scaling"),         QStringLiteral("train_time_s"),
              QStringLiteral("cost_per_run_") + cur.toLower(), QStringLiteral("first_fabric_advantage"),
              QStringLiteral("problem")};
  for (const SweepSeries& s : result.series) {
    for (const SweepPoint& p : s.points) {
      t.rows << QVariantList{QString::fromStdString(s.fabric_id), QString::fromStdString(s.fabric_name), p.gpus,
                             p.feasible ? 1 : 0, p.fits ? 1 : 0, p.tokens_per_s, p.mfu, p.scaling, p.train_time_s,
                             p.cost_per_run, p.speedup, QString::fromStdString(p.problem)};
    }
  }
  return t;
}

Table estimateTable(const cp::Scenario& scenario, const cp::Estimate& estimate) {
  Table t;
  t.header = {QStringLiteral("key"), QStringLiteral("value")};
  // The same keys as `clusterplan-cli estimate`: the IB-vs-RoCE comparison computed here, once.
  const cp::FabricComparison versus = cp::compare_ib_roce(scenario, estimate);
  for (const auto& [key, value] : cp::flatten_json(cp::estimate_to_json(scenario, estimate, &versus))) {
    bool ok = false;
    const QString text = QString::fromStdString(value);
    const double number = text.toDouble(&ok);  // QString::toDouble is C-locale: '.' only
    t.rows << QVariantList{QString::fromStdString(key), ok ? QVariant(number) : QVariant(text)};
  }
  return t;
}

namespace {

Table partsTable(const QString& valueKey, const QList<std::pair<QString, QString>>& parts, const QList<double>& values) {
  Table t;
  t.header = {QStringLiteral("part"), QStringLiteral("label"), valueKey, QStringLiteral("share")};
  double total = 0;
  for (double v : values) total += v;
  for (qsizetype i = 0; i < parts.size() && i < values.size(); ++i)
    t.rows << QVariantList{parts[i].first, parts[i].second, values[i], total > 0 ? values[i] / total : 0.0};
  return t;
}

}  // namespace

Table memoryTable(const cp::Estimate& estimate) {
  static const char* const kIds[] = {"weights", "gradients", "optimizer_states", "activations", "other"};
  QList<std::pair<QString, QString>> parts;
  QList<double> values;
  for (std::size_t i = 0; i < kMemoryComponents.size(); ++i) {
    parts.append({QString::fromLatin1(kIds[i]), componentName(kMemoryComponents[i])});
    values << componentBytes(estimate.memory.peak, kMemoryComponents[i]);
  }
  return partsTable(QStringLiteral("bytes"), parts, values);
}

Table stepTable(const cp::Estimate& estimate) {
  static const char* const kIds[] = {"compute", "bubble", "tp", "pp", "dp", "ep", "cp", "optimizer"};
  static_assert(std::size(kIds) == cp::kStepParts.size());
  QList<std::pair<QString, QString>> parts;
  QList<double> values;
  const auto seconds = cp::step_breakdown(estimate);
  for (std::size_t i = 0; i < cp::kStepParts.size(); ++i) {
    parts.append({QString::fromLatin1(kIds[i]), stepPartName(cp::kStepParts[i])});
    values << seconds[i];
  }
  return partsTable(QStringLiteral("seconds"), parts, values);
}

Table powerTable(const cp::Scenario& scenario, const cp::Estimate& estimate) {
  static const char* const kIds[] = {"gpus", "node_rest", "switches", "optics", "storage", "facility"};
  static_assert(std::size(kIds) == cp::kPowerParts.size());
  QList<std::pair<QString, QString>> parts;
  QList<double> values;
  const auto watts = cp::power_breakdown(scenario, estimate);
  for (std::size_t i = 0; i < cp::kPowerParts.size(); ++i) {
    parts.append({QString::fromLatin1(kIds[i]), powerPartName(cp::kPowerParts[i])});
    values << watts[i];
  }
  return partsTable(QStringLiteral("watts"), parts, values);
}

Table costTable(const cp::Scenario& scenario, const cp::Estimate& estimate) {
  // In the order of cp::kCostParts.
  static const char* const kIds[] = {"hardware",  "network_storage", "capital",     "support", "facility", "bandwidth",
                                     "storage",   "services",        "electricity", "vat",     "headroom"};
  static_assert(std::size(kIds) == cp::kCostParts.size());
  QList<std::pair<QString, QString>> parts;
  QList<double> values;
  const auto money = cp::cost_breakdown(estimate);
  for (std::size_t i = 0; i < cp::kCostParts.size(); ++i) {
    parts.append({QString::fromLatin1(kIds[i]), costPartName(cp::kCostParts[i])});
    values << money[i];
  }
  const QString currency = QString::fromUtf8(cp::to_string(scenario.assumptions.currency).data()).toLower();
  return partsTable(QStringLiteral("per_month_") + currency, parts, values);
}

Table sweepMetricTable(const SweepResult& result, const QString& column) {
  const Table all = sweepTable(result);
  QList<int> keep;
  for (const QString& key : {QStringLiteral("fabric_id"), QStringLiteral("fabric"), QStringLiteral("gpus"),
                             QStringLiteral("feasible"), QStringLiteral("fits"), column, QStringLiteral("problem")})
    if (const qsizetype i = all.header.indexOf(key); i >= 0) keep << int(i);
  Table t;
  for (int i : keep) t.header << all.header[i];
  for (const QVariantList& row : all.rows) {
    QVariantList out;
    for (int i : keep) out << row[i];
    t.rows << out;
  }
  return t;
}

Table gapTable(const SweepResult& result) {
  Table t;
  t.header = {QStringLiteral("gpus"), QStringLiteral("reference_fabric_id"), QStringLiteral("fabric_id"),
              QStringLiteral("fabric")};
  for (int k = 0; k < cp::kTrafficKinds; ++k)
    t.header << QStringLiteral("exposed_%1_delta_s").arg(QString::fromUtf8(cp::to_string(cp::Traffic(k)).data()));
  t.header << QStringLiteral("compute_delta_s") << QStringLiteral("step_delta_s") << QStringLiteral("same_layout");
  // The step delta by cause (the chart's bars), after the columns by traffic.
  for (const char* part : {"bandwidth", "interference"})
    for (int k = 0; k < cp::kTrafficKinds; ++k)
      t.header << QStringLiteral("%1_%2_s").arg(QLatin1String(part), QString::fromUtf8(cp::to_string(cp::Traffic(k)).data()));
  t.header << QStringLiteral("latency_per_message_s") << QStringLiteral("latency_per_hop_s")
           << QStringLiteral("layout_change_s") << QStringLiteral("other_s") << QStringLiteral("reference_layout")
           << QStringLiteral("layout");
  for (const cp::FabricGap& g : result.comparison.gaps) {
    QVariantList row{g.gpus, QString::fromStdString(g.reference_fabric), QString::fromStdString(g.fabric),
                     QString::fromStdString(g.fabric_name)};
    for (double d : g.exposed_delta_s) row << d;
    row << g.compute_delta_s << g.step_delta_s << (g.same_layout ? 1 : 0);
    const cp::FabricGap::ByCause& c = g.by_cause;
    for (double d : c.bandwidth) row << d;
    for (double d : c.interference) row << d;
    row << c.latency_per_message << c.latency_per_hop << c.layout_change << c.other
        << QString::fromStdString(g.reference_layout) << QString::fromStdString(g.layout);
    t.rows << row;
  }
  return t;
}

// ---- menus

QString exportFileBase(const QString& scenarioName, const QString& what) {
  QString name;
  for (const QChar c : scenarioName.simplified()) {
    if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format) continue;
    name += QStringLiteral("/\\:*?\"<>|").contains(c) ? QLatin1Char('-') : c;
  }
  constexpr int kMaxNameChars = 100;
  if (name.size() > kMaxNameChars) name = name.left(kMaxNameChars);
  if (name.size() > 0 && name.back().isHighSurrogate()) name.chop(1);
  // No leading dot (a hidden file) and no trailing dot or space (refused on Windows).
  while (name.startsWith(QLatin1Char('.')) || name.startsWith(QLatin1Char(' '))) name.remove(0, 1);
  while (name.endsWith(QLatin1Char('.')) || name.endsWith(QLatin1Char(' '))) name.chop(1);
  if (name.isEmpty()) return what;
  return what.isEmpty() ? name : QStringLiteral("%1 - %2").arg(name, what);
}

QString askExportPath(QWidget* parent, const QString& baseName, const QString& suffix, const QString& filter) {
  const QString dir = kExportDir.get();
  const QString start = QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(baseName + QLatin1Char('.') + suffix);
  QString path = QFileDialog::getSaveFileName(parent, ChartExport::tr("Export"), start, filter);
  if (path.isEmpty()) return path;
  if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + suffix;
  kExportDir.set(QFileInfo(path).absolutePath());
  return path;
}

namespace {

// Asks for the PNG's size and resolution; remembers them.
bool askPngSize(QWidget* parent, ChartExportOptions& o) {
  QDialog dialog(parent);
  dialog.setWindowTitle(ChartExport::tr("Export as PNG"));
  auto* width = new QSpinBox;
  auto* height = new QSpinBox;
  auto* dpi = new QSpinBox;
  for (QSpinBox* b : {width, height}) {
    b->setRange(kMinExportSide, kMaxExportSide);
    b->setSuffix(ChartExport::tr(" px"));
  }
  dpi->setRange(24, 2400);
  dpi->setSuffix(ChartExport::tr(" DPI"));
  const QSize size = kPngSize.get();
  width->setValue(size.width());
  height->setValue(size.height());
  dpi->setValue(kPngDpi.get());
  auto* form = new QFormLayout(&dialog);
  form->addRow(ChartExport::tr("Width"), width);
  form->addRow(ChartExport::tr("Height"), height);
  form->addRow(ChartExport::tr("Resolution"), dpi);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return false;
  o.size = QSize(width->value(), height->value());
  o.dpi = dpi->value();
  kPngSize.set(o.size);
  kPngDpi.set(o.dpi);
  return true;
}

QString askPath(QWidget* parent, const QString& baseName, const QString& suffix, const QString& filter) {
  return askExportPath(parent, baseName, suffix, filter);
}

QString nameOf(const std::function<QString()>& scenarioName) { return scenarioName ? scenarioName() : QString(); }

void exportChartInteractively(QCustomPlot* plot, const ChartContext& c, ChartFormat format) {
  ChartExportOptions o;
  o.scenarioName = nameOf(c.scenarioName);
  o.note = nameOf(c.note);
  o.size = kPngSize.get();
  o.dpi = kPngDpi.get();
  QString suffix;
  QString filter;
  switch (format) {
    case ChartFormat::Png:
      if (!askPngSize(plot, o)) return;
      suffix = QStringLiteral("png");
      filter = ChartExport::tr("PNG images (*.png)");
      break;
    case ChartFormat::Svg:
      suffix = QStringLiteral("svg");
      filter = ChartExport::tr("SVG drawings (*.svg)");
      break;
    case ChartFormat::Pdf:
      suffix = QStringLiteral("pdf");
      filter = ChartExport::tr("PDF documents (*.pdf)");
      break;
  }
  const QString path = askPath(plot, exportFileBase(o.scenarioName, c.baseName), suffix, filter);
  if (path.isEmpty()) return;
  QString error;
  if (!exportChart(plot, path, o, &error, format))
    warn(plot, ChartExport::tr("Cannot export the chart"), error);
}

void exportDataInteractively(QWidget* parent, const ChartContext& c, const QString& suffix) {
  const std::optional<Table> table = c.data ? c.data() : std::nullopt;
  if (!table) return;
  const QString filter = suffix == QLatin1String("csv") ? ChartExport::tr("CSV tables (*.csv)")
                                                        : ChartExport::tr("JSON files (*.json)");
  const QString path = askPath(parent, exportFileBase(nameOf(c.scenarioName), c.baseName), suffix, filter);
  if (path.isEmpty()) return;
  QString error;
  if (!exportTable(*table, path, &error)) warn(parent, ChartExport::tr("Cannot export the data"), error);
}

// Makes a widget an export target: its title and its export actions, found by exportTargets().
constexpr char kExportHook[] = "cpExportTarget";
class ExportHook : public QObject {
 public:
  ExportHook(QWidget* owner, std::function<QString()> title, std::function<void(QMenu*)> addActions)
      : QObject(owner), title_(std::move(title)), addActions_(std::move(addActions)) {
    setObjectName(QLatin1String(kExportHook));
  }
  QString title() const { return title_ ? title_() : QString(); }
  void addActions(QMenu* menu) const { addActions_(menu); }

 private:
  std::function<QString()> title_;
  std::function<void(QMenu*)> addActions_;
};

void hook(QWidget* owner, std::function<QString()> title, std::function<void(QMenu*)> addActions) {
  delete owner->findChild<ExportHook*>(QLatin1String(kExportHook), Qt::FindDirectChildrenOnly);
  new ExportHook(owner, std::move(title), std::move(addActions));
}

// A chart's title as shown, on one line.
QString chartTitle(QCustomPlot* plot) {
  for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
    if (auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
      return t->text().simplified();
  return ChartExport::tr("Chart");
}

}  // namespace

void addChartExportActions(QMenu* menu, QCustomPlot* plot, const ChartContext& context) {
  const auto add = [menu](const QString& text, const char* name) {
    QAction* a = menu->addAction(text);
    a->setObjectName(QLatin1String(name));
    return a;
  };
  QObject::connect(add(ChartExport::tr("Export as PNG…"), "exportChartPng"), &QAction::triggered, plot,
                   [plot, context] { exportChartInteractively(plot, context, ChartFormat::Png); });
  QObject::connect(add(ChartExport::tr("Export as SVG…"), "exportChartSvg"), &QAction::triggered, plot,
                   [plot, context] { exportChartInteractively(plot, context, ChartFormat::Svg); });
  QObject::connect(add(ChartExport::tr("Export as PDF…"), "exportChartPdf"), &QAction::triggered, plot,
                   [plot, context] { exportChartInteractively(plot, context, ChartFormat::Pdf); });
  QObject::connect(add(ChartExport::tr("Copy chart"), "copyChart"), &QAction::triggered, plot, [plot, context] {
    ChartExportOptions o;
    o.scenarioName = nameOf(context.scenarioName);
    o.note = nameOf(context.note);
    copyChartToClipboard(plot, o);
  });
  const bool hasData = context.data && context.data().has_value();
  menu->addSeparator();
  QAction* csv = add(ChartExport::tr("Export data as CSV…"), "exportDataCsv");
  QAction* json = add(ChartExport::tr("Export data as JSON…"), "exportDataJson");
  csv->setEnabled(hasData);
  json->setEnabled(hasData);
  QObject::connect(csv, &QAction::triggered, plot,
                   [plot, context] { exportDataInteractively(plot, context, QStringLiteral("csv")); });
  QObject::connect(json, &QAction::triggered, plot,
                   [plot, context] { exportDataInteractively(plot, context, QStringLiteral("json")); });
}

void installChartExportMenu(QCustomPlot* plot, const ChartContext& context) {
  installChartReadout(plot);
  plot->setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(plot, &QWidget::customContextMenuRequested, plot, [plot, context](const QPoint& pos) {
    QMenu menu(plot);
    addChartExportActions(&menu, plot, context);
    menu.exec(plot->mapToGlobal(pos));
  });
  hook(plot, [plot] { return chartTitle(plot); },
       [plot, context](QMenu* menu) { addChartExportActions(menu, plot, context); });
}

Table tableFromView(const QAbstractItemView* view, int numberRole) {
  Table t;
  const QAbstractItemModel* model = view->model();
  if (!model) return t;
  const auto* table = qobject_cast<const QTableView*>(view);
  QList<int> columns;
  // In the order the header shows them (the planner moves its objective's column next to the rank).
  const QHeaderView* header = table ? table->horizontalHeader() : nullptr;
  for (int visual = 0; visual < model->columnCount(); ++visual) {
    const int c = header ? header->logicalIndex(visual) : visual;
    if (c < 0) continue;
    if (table && table->isColumnHidden(c)) continue;
    if (view->itemDelegateForColumn(c)) continue;  // drawn by a delegate of its own: the planner's "Apply" buttons
    const QString header = model->headerData(c, Qt::Horizontal).toString();
    if (header.isEmpty()) continue;
    columns << c;
    t.header << header;
  }
  static const QRegularExpression digit(QStringLiteral("\\d"));
  for (int r = 0; r < model->rowCount(); ++r) {
    if (table && table->isRowHidden(r)) continue;
    QVariantList row;
    for (int c : columns) {
      const QModelIndex index = model->index(r, c);
      const QString text = model->data(index).toString();
      const QVariant number = numberRole >= 0 ? model->data(index, numberRole) : QVariant();
      const bool numeric = number.typeId() == QMetaType::Double || number.typeId() == QMetaType::Int ||
                           number.typeId() == QMetaType::LongLong;
      row << (numeric && text.contains(digit) ? QVariant(number.toDouble()) : QVariant(text));
    }
    t.rows << row;
  }
  return t;
}

void addTableExportActions(QMenu* menu, QAbstractItemView* view, const QString& baseName, int numberRole,
                           const std::function<QString()>& scenarioName) {
  for (const QString& suffix : {QStringLiteral("csv"), QStringLiteral("json")}) {
    const bool csv = suffix == QLatin1String("csv");
    QAction* a = menu->addAction(csv ? ChartExport::tr("Export table as CSV…") : ChartExport::tr("Export table as JSON…"));
    a->setObjectName(csv ? QStringLiteral("exportTableCsv") : QStringLiteral("exportTableJson"));
    a->setEnabled(view->model() && view->model()->rowCount() > 0);
    QObject::connect(a, &QAction::triggered, view, [view, baseName, numberRole, suffix, csv, scenarioName] {
      const QString path = askExportPath(view, exportFileBase(nameOf(scenarioName), baseName), suffix,
                                         csv ? ChartExport::tr("CSV tables (*.csv)") : ChartExport::tr("JSON files (*.json)"));
      if (path.isEmpty()) return;
      QString error;
      if (!exportTable(tableFromView(view, numberRole), path, &error))
        warn(view, ChartExport::tr("Cannot export the table"), error);
    });
  }
}

void installTableExportMenu(QAbstractItemView* view, const QString& baseName, int numberRole,
                            const std::function<QString()>& scenarioName, const std::function<QString()>& title) {
  view->setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(view, &QWidget::customContextMenuRequested, view,
                   [view, baseName, numberRole, scenarioName](const QPoint& pos) {
                     QMenu menu(view);
                     addTableExportActions(&menu, view, baseName, numberRole, scenarioName);
                     menu.exec(view->viewport()->mapToGlobal(pos));
                   });
  hook(view, title ? title : std::function<QString()>([] { return ChartExport::tr("Table"); }),
       [view, baseName, numberRole, scenarioName](QMenu* menu) {
         addTableExportActions(menu, view, baseName, numberRole, scenarioName);
       });
}

bool exportWidget(QWidget* widget, const QString& path, QString* error) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (suffix == QLatin1String("png")) {
    constexpr int kScale = 2;  // twice the widget's size: sharp in a document
    QImage image(widget->size() * kScale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(kScale);
    image.fill(widget->palette().color(QPalette::Window));
    widget->render(&image);
    image.setDevicePixelRatio(1);
    image.setDotsPerMeterX(int(std::lround(kScreenDpi * kScale / 0.0254)));
    image.setDotsPerMeterY(int(std::lround(kScreenDpi * kScale / 0.0254)));
    image.save(&buffer, "PNG");
  } else if (suffix == QLatin1String("svg")) {
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setResolution(int(kScreenDpi));
    svg.setSize(widget->size());
    svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
    svg.setTitle(QStringLiteral("clusterplan"));
    QPainter painter(&svg);
    widget->render(&painter);
    painter.end();
  } else {
    if (error) *error = ChartExport::tr("Unknown picture format: use a .png or .svg file name.");
    return false;
  }
  return saveBytes(path, bytes, error);
}

void addWidgetExportActions(QMenu* menu, QWidget* widget, const QString& baseName,
                            const std::function<QString()>& scenarioName) {
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("svg")}) {
    const bool png = suffix == QLatin1String("png");
    QAction* a = menu->addAction(png ? ChartExport::tr("Export as PNG…") : ChartExport::tr("Export as SVG…"));
    a->setObjectName(png ? QStringLiteral("exportWidgetPng") : QStringLiteral("exportWidgetSvg"));
    QObject::connect(a, &QAction::triggered, widget, [widget, baseName, suffix, png, scenarioName] {
      const QString path = askExportPath(widget, exportFileBase(nameOf(scenarioName), baseName), suffix,
                                         png ? ChartExport::tr("PNG images (*.png)") : ChartExport::tr("SVG drawings (*.svg)"));
      if (path.isEmpty()) return;
      QString error;
      if (!exportWidget(widget, path, &error)) warn(widget, ChartExport::tr("Cannot export the picture"), error);
    });
  }
}

void installWidgetExportMenu(QWidget* widget, const QString& baseName, const std::function<QString()>& scenarioName,
                             const std::function<QString()>& title) {
  widget->setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(widget, &QWidget::customContextMenuRequested, widget, [widget, baseName, scenarioName](const QPoint& pos) {
    QMenu menu(widget);
    addWidgetExportActions(&menu, widget, baseName, scenarioName);
    menu.exec(widget->mapToGlobal(pos));
  });
  hook(widget, title ? title : std::function<QString()>([] { return ChartExport::tr("Picture"); }),
       [widget, baseName, scenarioName](QMenu* menu) { addWidgetExportActions(menu, widget, baseName, scenarioName); });
}

QList<ExportTarget> exportTargets(QWidget* page) {
  QList<ExportTarget> out;
  if (!page) return out;
  QList<QWidget*> owners;
  // (Found by name: the hook has no meta-object of its own.)
  for (ExportHook* h : page->findChildren<ExportHook*>(QLatin1String(kExportHook)))
    if (auto* w = qobject_cast<QWidget*>(h->parent()); w && w != page && w->isVisibleTo(page)) owners << w;
  if (page->findChild<ExportHook*>(QLatin1String(kExportHook), Qt::FindDirectChildrenOnly))
    owners.prepend(page);  // the page itself (the topology picture)
  const auto at = [page](QWidget* w) { return w == page ? QPoint() : w->mapTo(page, QPoint()); };
  std::stable_sort(owners.begin(), owners.end(), [&at](QWidget* a, QWidget* b) {
    const QPoint pa = at(a), pb = at(b);
    return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
  });
  for (QWidget* w : owners) {
    const auto* h = w->findChild<ExportHook*>(QLatin1String(kExportHook), Qt::FindDirectChildrenOnly);
    out << ExportTarget{h->title(), w, [h](QMenu* menu) { h->addActions(menu); }};
  }
  return out;
}

void fillExportMenu(QMenu* menu, QWidget* page) {
  menu->clear();
  const QList<ExportTarget> targets = exportTargets(page);
  for (const ExportTarget& t : targets) {
    // '&' in a title (a scenario's name in a chart's) is no mnemonic.
    QMenu* sub = menu->addMenu(oneLine(t.title).replace(QLatin1Char('&'), QStringLiteral("&&")));
    t.addActions(sub);
  }
  if (targets.isEmpty()) menu->addAction(ChartExport::tr("Nothing on this page to export"))->setEnabled(false);
}

void installWorkbenchExports(ScenarioDocument* document, PlanCharts* plan, FabricCharts* comparison) {
  const auto name = [document] { return scenarioDisplayName(document->estimatedScenario()); };
  // Each chart writes its own data (the memory chart: its five components, not the whole estimate).
  using PlanData = Table (*)(const cp::Scenario&, const cp::Estimate&);
  const auto planData = [document](PlanData table) {
    return [document, table]() -> std::optional<Table> {
      if (!document->estimate()) return std::nullopt;
      return table(document->estimatedScenario(), *document->estimate());
    };
  };
  if (plan) {
    installChartExportMenu(plan->memoryChart()->plot(),
                           {name, planData([](const cp::Scenario&, const cp::Estimate& e) { return memoryTable(e); }),
                            QStringLiteral("memory-per-gpu"), {}});
    installChartExportMenu(plan->stepChart()->plot(),
                           {name, planData([](const cp::Scenario&, const cp::Estimate& e) { return stepTable(e); }),
                            QStringLiteral("step-time"), {}});
    installChartExportMenu(plan->powerChart()->plot(), {name, planData(&powerTable), QStringLiteral("power"), {}});
    installChartExportMenu(plan->costChart()->plot(), {name, planData(&costTable), QStringLiteral("cost"), {}});
  }
  if (comparison) {
    const auto sweepData = [comparison](int metric) {
      return [comparison, metric]() -> std::optional<Table> {
        const std::shared_ptr<const SweepResult> r = comparison->result();
        if (!r) return std::nullopt;
        static const char* const kColumns[] = {"tokens_per_s", "mfu", "scaling", "train_time_s", "cost_per_run_",
                                               "first_fabric_advantage"};
        Table t;
        if (metric == FabricCharts::GapByTraffic) {
          t = gapTable(*r);
        } else if (metric < 0 || metric >= int(std::size(kColumns))) {
          t = sweepTable(*r);
        } else {
          QString column = QString::fromLatin1(kColumns[metric]);
          if (column.endsWith(QLatin1Char('_')))  // the cost's column names its currency
            column += QString::fromUtf8(cp::to_string(r->currency).data()).toLower();
          t = sweepMetricTable(*r, column);
        }
        // How the points' layouts were chosen, which no column says.
        t.notes << comparison->methodLine();
        return t;
      };
    };
    static const char* const kNames[FabricCharts::MetricCount] = {
        "fabric-throughput", "fabric-mfu", "fabric-scaling", "fabric-train-time", "fabric-cost-per-run",
        "fabric-advantage", "fabric-gap-by-traffic"};
    for (int m = 0; m < FabricCharts::MetricCount; ++m)
      installChartExportMenu(comparison->plot(FabricCharts::Metric(m)),
                             {name, sweepData(m), QString::fromLatin1(kNames[m]),
                              [comparison] { return comparison->methodLine(); }});
  }
}

}  // namespace cp::ui
