// `palcheck report`: the referee report of a verify run as a folder of static pages (HTML with SVG
// figures, or Markdown with PNG figures): an index with the findings and every claim by section in paper
// order, and one page per claim with its statement as printed, readings, verdicts, headline counterexample,
// figures and the commands that replay it. Nothing in it depends on time or on where it was written.
#pragma once

#include "tools/report/paper_tex.h"
#include "tools/report/report_input.h"

#include <ostream>
#include <string>

namespace palcheck::report {

/// The page format.
enum class PageFormat { Html, Markdown };

/// What to write and where.
struct ReportOptions {
  std::string out_dir;                   ///< the report folder (replaced when complete)
  PageFormat format = PageFormat::Html;  ///< html (SVG figures) or md (PNG figures)
  std::string tex_path;                  ///< where the paper's source was read from (names it on the first page)
  PaperTex tex;                          ///< the paper's source, read once (none: statements in palcheck's words only)
};

/// Writes the report into a fresh folder next to out_dir and swaps it in when complete, only over an
/// absent, empty or earlier palcheck folder (util/output_folder.h); progress lines go to
/// `progress` (may be null). Throws std::runtime_error (WriteError when out_dir may not be replaced)
/// on a failure, and then out_dir is left as it was.
void write_report(const ReportRun& run, const ReportOptions& options, std::ostream* progress);

}  // namespace palcheck::report
