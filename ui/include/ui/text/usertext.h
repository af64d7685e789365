// Text the user supplied (scenario names, tags, notes, GPU and fabric names, file names, and
// messages that quote them) in widgets. Qt guesses whether a label's, a message box's or a
// tooltip's text is HTML (Qt::mightBeRichText), so a name such as "<img src='/dev/zero'>" would
// be rendered, loading the file it names. Such text goes through these helpers: shown as plain
// text, and bounded (a 10 MB name takes a minute and half a gigabyte to lay out).
#pragma once

#include <QMessageBox>
#include <QString>

class QLabel;
class QWidget;

namespace cp::ui {

// How much of a name one line shows (a window title, a list's cell, a tab, a menu item).
inline constexpr int kShownNameChars = 80;
// How much of any user text a label, a tooltip or a message shows.
inline constexpr int kShownTextChars = 2000;

// `text` on one line (line breaks and other control characters as spaces), cut to `max`
// characters with an ellipsis; a surrogate pair is never split.
QString oneLine(const QString& text, int max = kShownNameChars);
// `text` cut to `max` characters with an ellipsis, its lines kept.
QString bounded(const QString& text, int max = kShownTextChars);
// A tooltip that shows `text` literally (bounded): escaped into HTML when Qt would take it for
// HTML, else as it is.
QString plainToolTip(const QString& text);
// The label shows its text as plain text from now on.
void makePlain(QLabel* label);

// Message boxes whose text is plain text (bounded), never rich text. ask() answers
// `defaultButton` to Enter; Escape answers Cancel, or No, as QMessageBox chooses.
void warn(QWidget* parent, const QString& title, const QString& text);
void inform(QWidget* parent, const QString& title, const QString& text);
QMessageBox::StandardButton ask(QWidget* parent, const QString& title, const QString& text,
                                QMessageBox::StandardButtons buttons = QMessageBox::Yes | QMessageBox::No,
                                QMessageBox::StandardButton defaultButton = QMessageBox::No);
// QInputDialog::getText with its label as plain text (it may quote a name).
QString askText(QWidget* parent, const QString& title, const QString& label, const QString& text, bool* ok);

}  // namespace cp::ui
