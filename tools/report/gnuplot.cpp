// Running gnuplot on a figure's script (see gnuplot.h). Scripts are kept next to the pictures, so a
// reader can redraw or restyle any figure; they name the picture by its file name only, relative to
// the folder gnuplot runs in, so the report's bytes do not depend on where it was written.
#include "tools/report/gnuplot.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace palcheck::report {
namespace {

std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string extension(ImageFormat format) { return format == ImageFormat::Svg ? "svg" : "png"; }

bool gnuplot_available() { return std::system("gnuplot --version >/dev/null 2>&1") == 0; }

void render(const std::string& plot, ImageFormat format, const std::string& script_path,
            const std::string& image_path) {
  namespace fs = std::filesystem;
  fs::path image(image_path), script(script_path);
  std::string terminal = format == ImageFormat::Svg
                             ? "set terminal svg size 760,430 fixed font \"sans,11\" background \"white\"\n"
                             : "set terminal pngcairo size 760,430 font \"sans,10\" background \"white\"\n";
  {
    std::ofstream out(script, std::ios::binary);
    out << "# palcheck report figure: gnuplot " << script.filename().string() << " redraws it\n"
        << terminal << "set termoption noenhanced\nset output \"" << image.filename().string() << "\"\n"
        << plot << "unset output\n";
    if (!out) throw std::runtime_error("cannot write " + script_path);
  }
  fs::path log = script;
  log += ".log";
  std::string command = "cd " + shell_quoted(script.parent_path().string()) + " && gnuplot " +
                        shell_quoted(script.filename().string()) + " >" + shell_quoted(log.filename().string()) +
                        " 2>&1";
  int status = std::system(command.c_str());
  std::ifstream in(log);
  std::ostringstream message;
  message << in.rdbuf();
  fs::remove(log);
  if (status != 0 || !fs::exists(image))
    throw std::runtime_error("gnuplot failed on " + script_path + ": " + message.str());
}

}  // namespace palcheck::report
