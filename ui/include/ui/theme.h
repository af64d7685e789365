// Light and dark themes for the whole application and for exported charts. By default the
// workbench follows the system: Qt 6.4 has no colour-scheme hint, so the system palette's window
// colour decides (lightness below one half: dark). The choice is kept in the settings
// ("view/theme": system, light or dark). The data colours never change with the theme: they are
// the colour-blind-safe Okabe-Ito set of palette.h, readable on both backgrounds.
#pragma once

#include <QPalette>
#include <QString>

namespace cp::ui {

enum class Theme { System, Light, Dark };

QPalette lightPalette();
QPalette darkPalette();
bool paletteIsDark(const QPalette& palette);  // by the window colour's lightness
// The platform's palette as it was before any theme was applied.
QPalette systemPalette();
bool systemIsDark();
// The palette a theme stands for (System: the system palette).
QPalette themePalette(Theme theme);
// True when `theme` ends up dark (System: when the system palette is dark).
bool isDark(Theme theme);

Theme savedTheme();
void saveTheme(Theme theme);
QString themeName(Theme theme);  // translated: "Follow the system", "Light", "Dark"
QString themeId(Theme theme);    // "system", "light", "dark"
bool themeFromId(const QString& id, Theme& out);

// Applies the theme to the application (palette and, for Light and Dark, the Fusion style so that
// every widget follows the palette). Widgets and charts restyle themselves on the palette change.
void applyTheme(Theme theme);
Theme currentTheme();

}  // namespace cp::ui
