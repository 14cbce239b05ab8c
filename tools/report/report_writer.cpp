// Assembling the report (see report_writer.h): claim order, the index, one page per claim with its
// figures, written into a temporary folder that is renamed when complete.
#include "tools/report/report_writer.h"

#include "reference/output_folder.h"

#include "tools/report/figures.h"
#include "tools/report/gnuplot.h"
#include "tools/report/markup.h"
#include "tools/report/paper_tex.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>

namespace palcheck::report {
namespace {

namespace fs = std::filesystem;

struct Context {
  const ReportRun& run;
  const ReportOptions& options;
  PaperTex tex;
  Markup markup;
  ImageFormat image;
  bool draw;
  fs::path dir;
  std::map<std::string, const ReportClaim*> by_label;
};

std::string page_ext(const Context& c) { return c.markup == Markup::Html ? ".html" : ".md"; }

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();  // a full disk shows at the flush
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::string str(const nlohmann::json& doc, const char* key) {
  auto it = doc.find(key);
  if (it == doc.end() || it->is_null()) return "";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

// The label a sub-claim or repair of ours hangs on: "repair:X" -> X, "X:part" -> X (the longest prefix known).
std::string base_label(const std::string& label, const std::map<std::string, const ReportClaim*>& known) {
  std::string l = label.rfind("repair:", 0) == 0 ? label.substr(7) : label;
  while (true) {
    if (l != label && known.count(l)) return l;
    std::size_t colon = l.rfind(':');
    if (colon == std::string::npos || l.find(':') == colon) return l;
    l = l.substr(0, colon);
  }
}

// Claims grouped by section, sections and claims in the paper's order (position of their label in the TeX),
// claims of ours right after the claim they hang on; the run's order where the paper says nothing.
std::vector<std::pair<std::string, std::vector<const ReportClaim*>>> paper_order(const Context& c) {
  const std::size_t unknown = std::string::npos;
  std::map<std::string, std::size_t> first_index;
  std::vector<std::string> sections;
  for (std::size_t i = 0; i < c.run.claims.size(); ++i) {
    const std::string& s = c.run.claims[i].claim.section;
    if (!first_index.count(s)) first_index[s] = i, sections.push_back(s);
  }
  auto section_key = [&](const std::string& s) {
    std::optional<std::size_t> p = c.tex.position(s);
    return std::pair{p.value_or(unknown), first_index[s]};
  };
  std::stable_sort(sections.begin(), sections.end(),
                   [&](const std::string& a, const std::string& b) { return section_key(a) < section_key(b); });
  std::vector<std::pair<std::string, std::vector<const ReportClaim*>>> out;
  for (const std::string& s : sections) {
    std::vector<std::pair<std::tuple<std::size_t, int, std::size_t>, const ReportClaim*>> keyed;
    for (std::size_t i = 0; i < c.run.claims.size(); ++i) {
      const ReportClaim& rc = c.run.claims[i];
      if (rc.claim.section != s) continue;
      std::string base = base_label(rc.claim.label, c.by_label);
      std::optional<std::size_t> p = c.tex.position(base);
      keyed.push_back({{p.value_or(unknown), base == rc.claim.label ? 0 : 1, i}, &rc});
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<const ReportClaim*> claims;
    for (const auto& k : keyed) claims.push_back(k.second);
    out.push_back({s, claims});
  }
  return out;
}

std::string section_name(const Context& c, const std::string& section) {
  std::optional<std::string> title = c.tex.section_title(section);
  return title ? *title + " (" + section + ")" : section;
}

std::string claim_href(const Context& c, const std::string& label, bool from_index) {
  return (from_index ? "claims/" : "") + file_stem(label) + page_ext(c);
}

std::string reading_text(const nlohmann::json& interpretation) {
  std::string out;
  if (!interpretation.is_object()) return out;
  for (auto& [k, v] : interpretation.items()) {
    std::string value;
    if (v.is_array())
      for (const nlohmann::json& e : v)
        value += (value.empty() ? "" : " | ") + (e.is_string() ? e.get<std::string>() : e.dump());
    else
      value = v.is_string() ? v.get<std::string>() : v.dump();
    out += (out.empty() ? "" : "; ") + k + " = " + value;
  }
  return out;
}

// ---- figures ---------------------------------------------------------------------------------------

std::vector<Figure> figures_of(const ReportClaim& rc) {
  std::vector<Figure> figures;
  if (rc.headline) {
    for (auto* make : {&sequence_figures, &stack_figures, &tc_figures, &encoding_figures, &other_sequence_figures})
      for (Figure& f : make(*rc.headline)) figures.push_back(std::move(f));
  }
  if (rc.claim.label == "repair:thm:tc") figures.push_back(tc_repair_figure("anbn", "aaabbb", 12));
  for (Figure& f : cost_figures(rc)) figures.push_back(std::move(f));
  return figures;
}

void emit_figure(Context& c, Page& page, const std::string& stem, const Figure& f) {
  std::string base = stem + "." + f.id;
  write_text(c.dir / "claims" / (base + ".tsv"), to_tsv(f.data));
  std::string data_link = page.link("exact data (" + base + ".tsv)", base + ".tsv");
  if (!f.gnuplot.empty() && c.draw) {
    std::string image = base + "." + extension(c.image);
    render(f.gnuplot, c.image, (c.dir / "claims" / (base + ".gp")).string(), (c.dir / "claims" / image).string());
    page.figure(image, page.text(f.caption) + " " + data_link + ", " + page.link("gnuplot script", base + ".gp"),
                f.caption.substr(0, f.caption.find(':')));
  } else {
    page.paragraph(page.text(f.caption) + " " + data_link);
  }
  // The exact values drawn, as a table (fractions, not doubles).
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : f.data.rows) {
    std::vector<std::string> cells;
    for (const std::string& cell : row) cells.push_back(page.text(cell));
    rows.push_back(cells);
  }
  std::vector<std::string> header;
  for (const std::string& h : f.data.header) header.push_back(page.text(h));
  bool table_figure = f.gnuplot.empty();
  if (!table_figure) page.raw_html("<details><summary>exact values of " + page.text(f.id) + "</summary>\n");
  if (table_figure || c.markup == Markup::Html) page.table(header, rows);
  if (!table_figure) page.raw_html("</details>\n");
}

// ---- claim page ------------------------------------------------------------------------------------

void write_claim_page(Context& c, const ReportClaim& rc) {
  const Claim& claim = rc.claim;
  std::string stem = file_stem(claim.label);
  Page page(c.markup, claim.label + ": " + rc.verdict(), "../style.css");
  page.raw_html("<nav>" + page.link("index", "../index.html") + "</nav>\n");
  if (c.markup == Markup::Markdown) page.paragraph(page.link("index", "../index.md"));
  page.heading(1, page.text(claim.label) + " " + page.badge(rc.verdict()));
  std::string kind = claim.kind.empty() ? "" : claim.kind + ", ";
  page.paragraph(page.text(kind + "section " + section_name(c, claim.section)) +
                 (claim.ours ? page.text(" (a label of ours)") : ""));

  // Repairs and sub-claims link both ways.
  std::vector<std::string> relations;
  std::string base = base_label(claim.label, c.by_label);
  if (base != claim.label && c.by_label.count(base))
    relations.push_back(page.text(claim.label.rfind("repair:", 0) == 0 ? "repairs " : "part of ") +
                        page.link(base, claim_href(c, base, false)));
  for (const ReportClaim& other : c.run.claims)
    if (other.claim.label != claim.label && base_label(other.claim.label, c.by_label) == claim.label)
      relations.push_back(page.text(other.claim.label.rfind("repair:", 0) == 0 ? "repaired by " : "sub-claim ") +
                          page.link(other.claim.label, claim_href(c, other.claim.label, false)) + " " +
                          page.badge(other.verdict()));
  if (!relations.empty()) page.items(relations);

  page.heading(2, "Statement");
  std::optional<std::string> printed = c.tex.statement(claim.label);
  if (printed) {
    page.paragraph(page.text("As printed in the paper (TeX source):"));
    page.preformatted(*printed, "tex");
  } else {
    page.paragraph(page.text(!c.tex.available()
                                 ? "The paper's source was not found, so the printed statement is not shown."
                                 : "This label does not occur in the paper."));
  }
  if (!claim.statement.empty()) page.paragraph(page.strong("In our words: ") + page.text(claim.statement));
  if (!claim.hypotheses.empty()) {
    page.heading(3, "Hypotheses");
    std::vector<std::string> items;
    for (const std::string& h : claim.hypotheses) items.push_back(page.text(h));
    page.items(items);
  }
  page.heading(3, "Readings");
  std::vector<std::string> readings;
  for (const std::string& r : claim.interpretations) readings.push_back(page.code(r));
  page.paragraph(readings.empty() ? page.text("none named") : page.text("the verdict may depend on: ") + [&] {
    std::string joined;
    for (const std::string& r : readings) joined += (joined.empty() ? "" : ", ") + r;
    return joined;
  }());
  if (std::string r = reading_text(rc.doc.value("interpretation", nlohmann::json())); !r.empty())
    page.paragraph(page.text("readings taken: " + r));

  page.heading(2, "Verdict per reading");
  if (auto by = rc.doc.find("by_reading"); by != rc.doc.end() && !by->is_null()) {
    std::vector<std::vector<std::string>> rows;
    if (by->is_object())
      for (auto& [k, v] : by->items())
        rows.push_back({page.text(k), v.is_string() ? page.badge(v.get<std::string>()) : page.text(v.dump())});
    else if (by->is_array())
      for (const nlohmann::json& e : *by) {
        if (!e.is_object()) continue;
        const nlohmann::json& reading =
            e.contains("reading") ? e["reading"] : e.value("interpretation", nlohmann::json());
        rows.push_back({page.text(reading.is_string() ? reading.get<std::string>() : reading_text(reading)),
                        page.badge(str(e, "verdict"))});
      }
    page.table({page.text("reading"), page.text("verdict")}, rows);
  }
  std::vector<std::vector<std::string>> result_rows;
  for (const nlohmann::json& r : rc.results()) {
    std::string method = str(r, "method");
    if (std::string second = str(r, "second_solver"); !second.empty()) method += " (confirmed by " + second + ")";
    std::string verdict = page.badge(str(r, "verdict"));
    if (std::string bound = str(r, "bound"); !bound.empty()) verdict += " " + page.text("bound: " + bound);
    if (r.value("headline", false)) verdict += " " + page.text("(headline)");
    result_rows.push_back({verdict, page.text(method),
                           page.text(reading_text(r.value("interpretation", nlohmann::json()))),
                           page.text(str(r, "summary"))});
  }
  page.table({page.text("verdict"), page.text("method"), page.text("reading"), page.text("evidence")}, result_rows);

  if (rc.headline) {
    const SavedInstance& h = *rc.headline;
    page.heading(2, "Headline counterexample");
    page.paragraph(page.text("scenario " + h.scenario + ", taken from " + rc.headline_source + "."));
    std::vector<std::vector<std::string>> rows;
    for (const auto& [k, v] : h.options) rows.push_back({page.text(k), page.text(v)});
    if (!rows.empty()) page.table({page.text("option"), page.text("value")}, rows);
    rows.clear();
    for (const auto& [k, list] : h.values) {
      std::string text;
      for (std::size_t i = 0; i < list.size(); ++i) text += (i ? ", " : "") + to_string(list[i]);
      rows.push_back({page.text(k), page.text(text)});
    }
    if (!rows.empty()) page.table({page.text("value"), page.text("exact")}, rows);
    if (rc.replay) {
      std::vector<std::string> items{page.strong("predicted: ") + page.text(str(*rc.replay, "predicted")),
                                     page.strong("computed: ") + page.text(str(*rc.replay, "computed"))};
      page.items(items);
      std::string replay_name = stem + ".replay.json";
      write_text(c.dir / "claims" / replay_name, rc.replay->dump(2) + "\n");
      page.paragraph(page.text("Replay on the exact reference alone (") + page.link(replay_name, replay_name) +
                     page.text("), and the search that found it:"));
      page.preformatted("palcheck replay " + replay_name + "\n" + str(*rc.replay, "command"));
    }
  }

  std::vector<Figure> figures = figures_of(rc);
  if (!figures.empty()) page.heading(2, "Figures");
  for (const Figure& f : figures) emit_figure(c, page, stem, f);

  page.heading(2, "Evidence");
  std::size_t query = 0;
  for (const nlohmann::json& r : rc.results()) {
    std::string seed = str(r, "seed");
    page.heading(3, page.text(str(r, "method") + ": ") + page.badge(str(r, "verdict")));
    std::vector<std::string> items;
    items.push_back(page.text("seed " + (seed.empty() ? std::string("none (deterministic)") : seed) + ", cases " +
                              str(r, "cases")));
    std::string used;
    if (r.contains("hypotheses_used") && r["hypotheses_used"].is_array())
      for (const nlohmann::json& hyp : r["hypotheses_used"])
        used += (used.empty() ? "" : ", ") + (hyp.is_string() ? hyp.get<std::string>() : hyp.dump());
    items.push_back(page.text("hypotheses used: " + (used.empty() ? std::string("none recorded") : used)));
    if (r.contains("details") && r["details"].is_array())
      for (const nlohmann::json& d : r["details"]) {
        std::string key = str(d, "key"), value = str(d, "value");
        if (key.rfind("smt2", 0) == 0 && fs::exists(value)) {
          std::string name = stem + ".q" + std::to_string(++query) + ".smt2";
          fs::copy_file(value, c.dir / "claims" / name, fs::copy_options::overwrite_existing);
          items.push_back(page.text("solver query: ") + page.link(name, name) +
                          page.text(" (z3 " + name + " answers it)"));
          continue;
        }
        items.push_back(page.strong(key + ": ") + page.text(value));
      }
    page.items(items);
  }
  write_text(c.dir / "claims" / (stem + page_ext(c)), page.finish());
}

// ---- index -----------------------------------------------------------------------------------------

void write_index(Context& c) {
  std::string title = c.tex.title().value_or("the paper");
  Page page(c.markup, "palcheck report: " + title, "style.css");
  page.heading(1, page.text(title));
  std::string tests = str(c.run.doc, "tests");
  page.paragraph(
      page.text("A referee report by palcheck: every claim of the paper judged on an exact-arithmetic "
                "reference (seed " +
                str(c.run.doc, "seed") + (tests.empty() ? "" : ", tests " + tests) +
                "). Verdicts: PROVED on the whole domain, BOUNDED up to a stated size, REFUTED by a "
                "counterexample the exact reference confirms, HELD on N generated cases, ILL-POSED when "
                "the statement is undefined or its readings split."));
  std::map<std::string, std::size_t> counts;
  for (const ReportClaim& rc : c.run.claims) ++counts[rc.verdict()];
  std::vector<std::vector<std::string>> count_rows;
  for (const auto& [v, n] : counts) count_rows.push_back({page.badge(v), page.text(std::to_string(n))});
  page.heading(2, page.text(std::to_string(c.run.claims.size()) + " claims by verdict"));
  page.table({page.text("verdict"), page.text("claims")}, count_rows);

  auto order = paper_order(c);
  page.heading(2, "Main findings");
  std::vector<std::string> findings;
  for (const auto& [section, claims] : order) {
    std::string refuted, ill;
    std::size_t n_refuted = 0, n_ill = 0;
    for (const ReportClaim* rc : claims) {
      if (rc->claim.ours) continue;
      std::string entry = page.link(rc->claim.label, claim_href(c, rc->claim.label, true)) +
                          page.text(": " + str(rc->doc["evidence"], "summary") + ". ");
      if (rc->verdict() == "REFUTED") refuted += entry, ++n_refuted;
      if (rc->verdict() == "ILL-POSED") ill += entry, ++n_ill;
    }
    if (n_refuted + n_ill == 0) continue;
    std::string finding = page.strong(section_name(c, section)) + page.text(": ");
    if (n_refuted) finding += page.text(std::to_string(n_refuted) + " refuted. ") + refuted;
    if (n_ill) finding += page.text(std::to_string(n_ill) + " ill-posed. ") + ill;
    findings.push_back(finding);
  }
  page.items(findings);

  page.heading(2, "Claims by section, in paper order");
  for (const auto& [section, claims] : order) {
    page.heading(3, page.text(section_name(c, section)), section);
    std::vector<std::vector<std::string>> rows;
    for (const ReportClaim* rc : claims) {
      std::string readings;
      for (const std::string& r : rc->claim.interpretations) readings += (readings.empty() ? "" : ", ") + r;
      rows.push_back({page.link(rc->claim.label, claim_href(c, rc->claim.label, true)) +
                          (rc->claim.ours ? page.text(" (ours)") : ""),
                      page.badge(rc->verdict()), page.text(readings), page.text(str(rc->doc["evidence"], "summary"))});
    }
    page.table({page.text("claim"), page.text("verdict"), page.text("readings"), page.text("evidence")}, rows);
  }
  write_text(c.dir / ("index" + page_ext(c)), page.finish());
}

}  // namespace

void write_report(const ReportRun& run, const ReportOptions& options, std::ostream* progress) {
  fs::path out(options.out_dir);
  OutputFolder folder(options.out_dir);  // filled aside, then swapped in (reference/output_folder.h)
  fs::path tmp = folder.staging();
  Context c{run,
            options,
            PaperTex::load(options.tex_path),
            options.format == PageFormat::Html ? Markup::Html : Markup::Markdown,
            options.format == PageFormat::Html ? ImageFormat::Svg : ImageFormat::Png,
            gnuplot_available(),
            tmp,
            {}};
  for (const ReportClaim& rc : run.claims) c.by_label[rc.claim.label] = &rc;
  if (progress && !c.tex.available())
    *progress << "palcheck report: paper source not found at " << options.tex_path << "; statements left out\n";
  if (progress && !c.draw) *progress << "palcheck report: gnuplot not found; figures as data tables only\n";
  fs::create_directories(tmp / "claims");
  if (c.markup == Markup::Html) write_text(tmp / "style.css", style_sheet());
  std::size_t done = 0;
  for (const ReportClaim& rc : run.claims) {
    if (progress)
      *progress << "palcheck report: [" << ++done << "/" << run.claims.size() << "] " << rc.claim.label << "\n";
    write_claim_page(c, rc);
  }
  write_index(c);
  std::vector<std::string> kept;
  folder.commit(&kept);
  if (progress)
    for (const std::string& k : kept) *progress << "palcheck report: left in place: " << k << "\n";
  if (progress) *progress << "palcheck report: wrote " << (out / ("index" + page_ext(c))).string() << "\n";
}

}  // namespace palcheck::report
