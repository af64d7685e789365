#include "ui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include "ui/preferences.h"

namespace cp::ui {
namespace {

struct ThemeTr {
  Q_DECLARE_TR_FUNCTIONS(cp::ui::Theme)
};

const Preference<QString> kTheme{"view/theme", QStringLiteral("system")};

Theme& current() {
  static Theme theme = Theme::System;
  return theme;
}

// Captured on first use, before any theme replaces the application palette.
QPalette& captured() {
  static QPalette palette = QGuiApplication::palette();
  return palette;
}

QString& systemStyle() {
  static QString name = QApplication::style() ? QApplication::style()->name() : QString();
  return name;
}

}  // namespace

QPalette lightPalette() {
  QPalette p;
  const QColor window(0xF4F4F4), base(Qt::white), text(0x1A1A1A), mid(0xB8B8B8);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, QColor(0xEDEDED));
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, QColor(0xEAEAEA));
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::ToolTipBase, QColor(0xFFFFE6));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, QColor(0x707070));
  p.setColor(QPalette::Highlight, QColor(0x0072B2));  // Okabe-Ito blue
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Link, QColor(0x0072B2));
  p.setColor(QPalette::Mid, mid);
  p.setColor(QPalette::Dark, QColor(0x9A9A9A));
  p.setColor(QPalette::Light, Qt::white);
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9A9A9A));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9A9A9A));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x9A9A9A));
  return p;
}

QPalette darkPalette() {
  QPalette p;
  // The window lighter than the fields (Base): Fusion outlines a check box's square in the
  // window colour darkened by 40%, so on a near-black window an unchecked box vanished.
  const QColor window(0x2B2D30), base(0x1C1D20), text(0xE8E8E8);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, QColor(0x26282B));
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, QColor(0x393B40));
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::ToolTipBase, QColor(0x2D2F33));
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, QColor(0x9A9A9A));
  p.setColor(QPalette::Highlight, QColor(0x56B4E9));  // Okabe-Ito sky blue: readable on dark
  p.setColor(QPalette::HighlightedText, QColor(0x101010));
  p.setColor(QPalette::Link, QColor(0x56B4E9));
  p.setColor(QPalette::Mid, QColor(0x4A4C50));
  p.setColor(QPalette::Dark, QColor(0x111214));
  p.setColor(QPalette::Light, QColor(0x3A3C40));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6E6E6E));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6E6E6E));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6E6E6E));
  return p;
}

bool paletteIsDark(const QPalette& palette) { return palette.color(QPalette::Window).lightnessF() < 0.5; }

QPalette systemPalette() { return captured(); }

bool systemIsDark() { return paletteIsDark(systemPalette()); }

QPalette themePalette(Theme theme) {
  switch (theme) {
    case Theme::Light: return lightPalette();
    case Theme::Dark: return darkPalette();
    case Theme::System: break;
  }
  return systemPalette();
}

bool isDark(Theme theme) { return paletteIsDark(themePalette(theme)); }

QString themeId(Theme theme) {
  switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
  }
  return QStringLiteral("system");
}

bool themeFromId(const QString& id, Theme& out) {
  for (Theme t : {Theme::System, Theme::Light, Theme::Dark})
    if (themeId(t) == id) {
      out = t;
      return true;
    }
  return false;
}

Theme savedTheme() {
  Theme t = Theme::System;
  themeFromId(kTheme.get(), t);
  return t;
}

void saveTheme(Theme theme) { kTheme.set(themeId(theme)); }

QString themeName(Theme theme) {
  switch (theme) {
    case Theme::Light: return ThemeTr::tr("Light");
    case Theme::Dark: return ThemeTr::tr("Dark");
    case Theme::System: break;
  }
  return ThemeTr::tr("Follow the system");
}

void applyTheme(Theme theme) {
  captured();
  systemStyle();
  current() = theme;
  if (theme == Theme::System) {
    if (!systemStyle().isEmpty() && QApplication::style()->name() != systemStyle())
      QApplication::setStyle(QStyleFactory::create(systemStyle()));
    QApplication::setPalette(systemPalette());
  } else {
    if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
      QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(themePalette(theme));
  }
}

Theme currentTheme() { return current(); }

}  // namespace cp::ui
