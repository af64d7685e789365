// Typed settings, declared next to the code that uses them (as Tiled does):
//   static const Preference<QByteArray> geometry{"mainwindow/geometry"};
// Values live in QSettings under the application's organisation and name.
#pragma once

#include <QSettings>
#include <QVariant>

namespace cp::ui {

template <typename T>
class Preference {
 public:
  explicit constexpr Preference(const char* key, T fallback = T()) : key_(key), fallback_(fallback) {}
  T get() const {
    const QVariant v = QSettings().value(QLatin1String(key_));
    return v.isValid() ? v.template value<T>() : fallback_;
  }
  void set(const T& value) const { QSettings().setValue(QLatin1String(key_), QVariant::fromValue(value)); }
  void clear() const { QSettings().remove(QLatin1String(key_)); }
  const char* key() const { return key_; }

 private:
  const char* key_;
  T fallback_;
};

}  // namespace cp::ui
