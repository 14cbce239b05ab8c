// CSV inputs streamed (see csv_stream_eval.h). Lines are taken in order by one reader, parsed to
// rank keys and evaluated on the worker threads (ordered_stream), and written in order. Errors
// keep the whole-batch path's precedence: a bad cell (parse_csv's message, the first in the file)
// is thrown at once; a row .npy cannot hold or a value with no finite double (format_outputs'
// checks, the first in row order) is remembered and thrown after the last row, so a bad cell
// after it still wins.
#include "tools/oracle/csv_stream_eval.h"

#include "tools/oracle/csv_format.h"
#include "tools/oracle/json_input.h"
#include "tools/oracle/parallel.h"
#include "tools/oracle/stream_output.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <utility>
#include <vector>

namespace palcheck::oracle {

namespace {

// One part of rows: the lines as read, then their outputs.
struct Part {
  std::vector<std::string> lines;  // the first `count` are this part's (capacity kept across parts)
  std::vector<std::size_t> line_nos;
  std::size_t count = 0;
  std::size_t consumed = 0;  // bytes of the file read once this part was taken
  std::vector<int> keys;
  std::optional<RowOutputs> outputs;
};

// Rows and the cells of the first row, read by the rules of the streamed pass but without parsing
// a value: the .npy header comes before the data.
std::pair<std::size_t, std::size_t> csv_shape(std::istream& in, const std::string& source, CsvHeader header) {
  CsvRowReader reader(in, source, header);
  std::size_t rows = 0, cols = 0;
  std::string line;
  std::size_t line_no = 0;
  for (; reader.next(line, line_no); ++rows)
    if (rows == 0) cols = csv_cell_count(line);
  return {rows, cols};
}

// Passes over the file (a BatchPass): every row evaluated and written to `out` as `format` in
// `kind`; returns the first of format_outputs' objections (a row .npy cannot hold, a value with no
// finite double) in row order, after which nothing more is written. A bad cell throws.
class CsvPass {
 public:
  CsvPass(const StreamRequest& r, std::ifstream& in, std::size_t total) : r_(r), in_(in), total_(total) {}

  std::optional<std::string> run(OutputFile& out, FileFormat format, ValueKind kind, std::size_t cols,
                                 std::size_t& rows) {
    in_.clear();
    in_.seekg(0);
    CsvRowReader reader(in_, r_.inputs, r_.csv_header);
    const KeyedMeasure& keyed = *r_.keyed;
    std::size_t part_values = std::clamp<std::size_t>(r_.chunk_values, 1, kStreamPartValues), row = 0;
    std::optional<std::string> objection;
    ordered_stream<Part>(
        std::max(1u, r_.threads),
        [&](Part& p, std::size_t) {
          p.count = 0;
          for (std::size_t values = 0; values < part_values; ++p.count) {
            if (p.count == p.lines.size()) p.lines.emplace_back(), p.line_nos.emplace_back();
            if (!reader.next(p.lines[p.count], p.line_nos[p.count])) break;
            values += csv_cell_count(p.lines[p.count]);
          }
          p.consumed = in_.good() ? static_cast<std::size_t>(in_.tellg()) : total_;  // tellg fails at the end
          return p.count > 0;
        },
        [&](Part& p, std::size_t part) {
          if (!p.outputs) p.outputs.emplace(format, kind);
          p.outputs->clear();
          for (std::size_t i = 0; i < p.count; ++i) {
            p.keys.clear();
            for_each_csv_value(p.lines[i], p.line_nos[i], r_.inputs,
                               [&](const Q& q) { p.keys.push_back(keyed.key(q)); });
            p.outputs->add(keyed, r_.initial, p.keys, part == 0 && i == 0);
          }
        },
        [&](Part& p, std::size_t) {
          p.outputs->give(out, row, cols, objection);
          if (!objection && r_.progress) r_.progress(p.consumed, total_);
        });
    rows = row;
    return objection;
  }

 private:
  const StreamRequest& r_;
  std::ifstream& in_;
  std::size_t total_;
};

}  // namespace

void stream_evaluate_csv(const StreamRequest& r) {
  std::ifstream in(r.inputs, std::ios::binary);
  if (!in) throw InputError(r.inputs + ": cannot open file");
  in.seekg(0, std::ios::end);
  CsvPass pass(r, in, static_cast<std::size_t>(in.tellg()));
  auto shape = [&] {
    in.seekg(0);
    return csv_shape(in, r.inputs, r.csv_header);
  };
  write_batch(r.output, r.kind, r.initial, shape,
              [&](OutputFile& out, FileFormat format, ValueKind kind, std::size_t cols, std::size_t& rows) {
                return pass.run(out, format, kind, cols, rows);
              });
}

}  // namespace palcheck::oracle
