// Reading back the PDF files the code under test writes.
#pragma once

#include <QFile>
#include <QRegularExpression>
#include <QString>

namespace cp::test {

// Pages of a PDF: its page objects ("/Type /Page", not "/Pages"); -1 when it is not a PDF.
inline int pdfPages(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return -1;
  const QByteArray bytes = f.readAll();
  if (!bytes.startsWith("%PDF-")) return -1;
  static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
  return int(QString::fromLatin1(bytes).count(page));
}

}  // namespace cp::test
