// Figures drawn by gnuplot (Debian's gnuplot-nox): the SVG terminal for HTML pages, pngcairo for Markdown.
#pragma once

#include <string>

namespace palcheck::report {

/// The picture format of a figure.
enum class ImageFormat { Svg, Png };

/// "svg" or "png".
std::string extension(ImageFormat format);

/// Whether a gnuplot executable answers (`gnuplot --version`).
bool gnuplot_available();

/// Writes `plot` (commands without terminal and output) with the terminal of `format` as `script_path`,
/// runs gnuplot on it and leaves the picture at `image_path`; std::runtime_error with gnuplot's message
/// if it fails.
void render(const std::string& plot, ImageFormat format, const std::string& script_path, const std::string& image_path);

}  // namespace palcheck::report
