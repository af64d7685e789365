// Units used at the edges of the engine. Inside, everything is SI: bytes, seconds, watts, FLOPs.
#pragma once

namespace cp::units {

inline constexpr double KiB = 1024.0;
inline constexpr double MiB = 1024.0 * KiB;
inline constexpr double GiB = 1024.0 * MiB;
inline constexpr double TiB = 1024.0 * GiB;
inline constexpr double GB = 1e9;   // decimal, as vendors and the ZeRO paper use it
inline constexpr double TB = 1e12;
inline constexpr double TFLOP = 1e12;

// Time, in seconds (SI second; the hour and the day as civil units: 3,600 s and 86,400 s).
inline constexpr double Minute = 60.0;
inline constexpr double Hour = 60.0 * Minute;
inline constexpr double Day = 24.0 * Hour;

}  // namespace cp::units
