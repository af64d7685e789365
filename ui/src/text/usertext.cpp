#include "ui/text/usertext.h"

#include <QInputDialog>
#include <QLabel>
#include <QTextDocument>
#include <algorithm>

namespace cp::ui {
namespace {

const QChar kEllipsis(0x2026);

// `text` cut to `max` characters (at least one), not inside a surrogate pair.
QString cut(const QString& text, int max) {
  max = std::max(max, 1);
  if (text.size() <= max) return text;
  qsizetype n = max - 1;
  if (n > 0 && text.at(n - 1).isHighSurrogate()) --n;
  return text.left(n) + kEllipsis;
}

}  // namespace

QString oneLine(const QString& text, int max) {
  // Cut first: a 10 MB name is not copied whole to be shown as 80 characters.
  QString s = cut(text.left(qsizetype(max) + 1), max);
  for (QChar& c : s)
    if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
      c = QLatin1Char(' ');
  return s;
}

QString bounded(const QString& text, int max) { return cut(text, max); }

QString plainToolTip(const QString& text) {
  QString shown = bounded(text);
  if (!Qt::mightBeRichText(shown)) return shown;
  return Qt::convertFromPlainText(shown, Qt::WhiteSpaceNormal);
}

void makePlain(QLabel* label) { label->setTextFormat(Qt::PlainText); }

namespace {

QMessageBox::StandardButton show(QWidget* parent, QMessageBox::Icon icon, const QString& title, const QString& text,
                                 QMessageBox::StandardButtons buttons, QMessageBox::StandardButton defaultButton) {
  QMessageBox box(icon, oneLine(title), bounded(text), buttons, parent);
  box.setTextFormat(Qt::PlainText);
  box.setDefaultButton(defaultButton);  // Escape stays QMessageBox's choice: Cancel, or No
  return QMessageBox::StandardButton(box.exec());
}

}  // namespace

void warn(QWidget* parent, const QString& title, const QString& text) {
  show(parent, QMessageBox::Warning, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

void inform(QWidget* parent, const QString& title, const QString& text) {
  show(parent, QMessageBox::Information, title, text, QMessageBox::Ok, QMessageBox::Ok);
}

QMessageBox::StandardButton ask(QWidget* parent, const QString& title, const QString& text,
                                QMessageBox::StandardButtons buttons, QMessageBox::StandardButton defaultButton) {
  return show(parent, QMessageBox::Question, title, text, buttons, defaultButton);
}

QString askText(QWidget* parent, const QString& title, const QString& label, const QString& text, bool* ok) {
  QInputDialog dialog(parent);
  dialog.setInputMode(QInputDialog::TextInput);
  dialog.setWindowTitle(oneLine(title));
  dialog.setLabelText(bounded(label));  // makes the dialog's label
  for (QLabel* l : dialog.findChildren<QLabel*>()) makePlain(l);
  dialog.setTextValue(text);
  const bool accepted = dialog.exec() == QDialog::Accepted;
  if (ok) *ok = accepted;
  return accepted ? dialog.textValue() : QString();
}

}  // namespace cp::ui
