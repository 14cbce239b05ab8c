// CSV inputs streamed (see csv_stream_eval.h). Cells are taken in order by one reader, parsed to
// rank keys and evaluated on the worker threads (ordered_stream), and written in order. Errors
// keep the whole-batch path's precedence: a bad cell (parse_csv's message, the first in the file)
// is thrown at once; a row .npy cannot hold or a value with no finite double (format_outputs'
// checks, the first in row order) is remembered and thrown after the last row, so a bad cell
// after it still wins.
#include "oracle/stream/csv_stream_eval.h"

#include "oracle/formats/csv_format.h"
#include "oracle/formats/input_file.h"
#include "oracle/stream/stream_output.h"
#include "util/errors.h"
#include "util/parallel.h"

#include <algorithm>
#include <exception>
#include <fstream>
#include <optional>
#include <utility>
#include <vector>

namespace palcheck::oracle {

namespace {

// One part: the cells of whole rows, and at its ends pieces of rows too long for a part: the rest
// of one begun in the part before, and the head of one that goes on in the next.
struct Part {
  struct Row {
    std::size_t cells = 0, line = 0, first_column = 1;
    bool starts = true, ends = false;  // whole when both
    bool whole() const { return starts && ends; }
  };
  // A cell the reader did not read as a decimal: its bytes end at `end` in text.
  struct TextCell {
    std::size_t index = 0, end = 0, line = 0, column = 0;
  };
  std::vector<Decimal> numbers;       // one per cell, read in place (a text cell's is a placeholder)
  std::size_t cells = 0;              // the cells taken: the first of numbers
  std::string text;                   // the text cells, one after another
  std::vector<TextCell> text_cells;
  std::vector<Row> rows;
  std::size_t consumed = 0;        // bytes of the file read once this part was taken
  std::vector<int> keys;           // one per cell
  std::optional<RowOutputs> outputs;  // of the whole rows
  std::exception_ptr error;        // the reader's, met after these cells: thrown after theirs
};

// The .npy shape: the cells of the first row, read by the rules of the streamed pass but without
// parsing a value; the rows are counted by the pass. A line end that cannot be told apart ends the
// first row quietly: the pass meets it again, after the cells before it, and a bad one among them is the error.
NpyShape csv_shape(std::istream& in, const std::string& source, CsvHeader header) {
  CsvReader reader(in, source, header);
  NpyShape shape;
  std::string_view cell;
  try {
    if (reader.next_row())
      while (reader.next_cell(cell)) ++shape.cols;
  } catch (const InputError&) {
  }
  return shape;
}

// Passes over the file (a BatchPass): every row evaluated and written to `out` as `format` in
// `kind`; returns the first of format_outputs' objections (a row .npy cannot hold, a value with no
// finite double) in row order, after which nothing more is written. A bad cell throws. Cells are
// parsed and whole rows evaluated on the threads; a row longer than a part is evaluated in order,
// piece by piece, as its parts are written.
class CsvPass {
 public:
  CsvPass(const StreamRequest& r, std::ifstream& in, std::size_t total) : r_(r), in_(in), total_(total) {}

  std::optional<std::string> run(AtomicFile& out, FileFormat format, ValueKind kind, std::size_t cols,
                                 std::size_t& rows) {
    in_.clear();
    in_.seekg(0);
    Run run(*this, out, format, kind, cols);
    ordered_stream<Part>(
        std::max(1u, r_.threads), [&](Part& p, std::size_t) { return run.take(p); },
        [&](Part& p, std::size_t part) { run.evaluate(p, part); },
        [&](Part& p, std::size_t part) { run.write(p, part); });
    rows = run.row;
    return run.objection;
  }

 private:
  // One pass: the reader's place, the rows written, and the row too long for a part being evaluated.
  struct Run {
    Run(const CsvPass& pass, AtomicFile& out, FileFormat format, ValueKind kind, std::size_t cols)
        : r(pass.r_),
          total(pass.total_),
          reader(pass.in_, r.inputs, r.csv_header),
          keyed(*r.keyed),
          out(out),
          format(format),
          kind(kind),
          cols(cols),
          part_values(std::clamp<std::size_t>(r.chunk_values, 1, kStreamPartValues)),
          long_outputs(format, kind) {}

    // Reads the next part's cells; false when there are none.
    bool take(Part& p) {
      p.numbers.resize(part_values);
      p.cells = 0;
      p.text.clear();
      p.text_cells.clear();
      p.rows.clear();
      p.error = nullptr;
      if (stopped) return false;
      Part::Row piece;
      try {
        while (p.cells < part_values && read_piece(p, piece)) p.rows.push_back(piece);
      } catch (const InputError&) {
        // A bad line end: the cells before it are parsed first, as the whole-batch path meets them,
        // those of the row it ends among them (a piece that is not whole: never evaluated).
        p.error = std::current_exception();
        stopped = true;
        if (piece.cells > 0) {
          piece.ends = false;
          p.rows.push_back(piece);
        }
      }
      p.consumed = reader.consumed();
      return !p.rows.empty() || p.error;
    }

    // Reads into the part as much of a row as it holds: the rest of the one going on, or the next;
    // false at the end of the file.
    bool read_piece(Part& p, Part::Row& piece) {
      piece = going;
      if (row_goes_on) {
        piece.starts = false;
      } else {
        if (!reader.next_row()) return false;
        piece = Part::Row{0, reader.line(), 1, true, false};
      }
      std::string_view cell;
      bool more = true;
      while (p.cells < part_values) {
        std::size_t n = reader.next_decimals(p.numbers.data() + p.cells, part_values - p.cells);
        if (n == 0) {
          if (!(more = reader.next_cell(cell))) break;
          p.text.append(cell);
          p.text_cells.push_back({p.cells, p.text.size(), piece.line, piece.first_column + piece.cells});
          p.numbers[p.cells] = Decimal{};
          n = 1;
        }
        p.cells += n;
        piece.cells += n;
      }
      piece.ends = !more;
      row_goes_on = more;
      going = Part::Row{0, piece.line, piece.first_column + piece.cells, false, false};
      return true;
    }

    // On a worker thread: the part's keys, and the outputs of its whole rows.
    void evaluate(Part& p, std::size_t part) const {
      p.keys.resize(p.cells);
      keyed.keys(p.numbers.data(), p.cells, p.keys.data());
      std::size_t begin = 0;
      for (const Part::TextCell& t : p.text_cells) {
        p.keys[t.index] =
            csv_key(keyed, std::string_view(p.text.data() + begin, t.end - begin), t.line, t.column, r.inputs);
        begin = t.end;
      }
      if (p.error) std::rethrow_exception(p.error);
      if (!p.outputs) p.outputs.emplace(format, kind);
      p.outputs->clear();
      std::size_t k = 0;
      for (std::size_t i = 0; i < p.rows.size(); k += p.rows[i++].cells)
        if (p.rows[i].whole())
          p.outputs->add(keyed, r.initial, p.keys.data() + k, p.rows[i].cells, part == 0 && i == 0);
    }

    // In order: the rest of a row begun before, the whole rows, the head of a row that goes on.
    void write(Part& p, std::size_t part) {
      std::size_t k = 0;
      for (std::size_t i = 0; i < p.rows.size(); k += p.rows[i++].cells) {
        const Part::Row& piece = p.rows[i];
        if (piece.whole()) {
          if (i == 0 || !p.rows[i - 1].whole()) p.outputs->give(out, row, cols, objection);
          continue;
        }
        long_outputs.clear();
        if (piece.starts) {
          long_run.emplace(keyed, r.initial);
          long_outputs.begin_row(part == 0 && i == 0);
        }
        long_outputs.add_keys(keyed, *long_run, p.keys.data() + k, piece.cells);
        if (piece.ends) long_outputs.end_row();
        long_outputs.give(out, row, cols, objection);
      }
      if (!objection && r.progress) r.progress(p.consumed, total);
    }

    const StreamRequest& r;
    std::size_t total;
    CsvReader reader;
    const KeyedMeasure& keyed;
    AtomicFile& out;
    FileFormat format;
    ValueKind kind;
    std::size_t cols;
    std::size_t part_values, row = 0;
    std::optional<std::string> objection;
    bool row_goes_on = false;  // the last part ended inside a row
    bool stopped = false;      // the reader threw
    Part::Row going;           // that row's line and next column
    RowOutputs long_outputs;
    std::optional<KeyedRun> long_run;
  };

  const StreamRequest& r_;
  std::ifstream& in_;
  std::size_t total_;
};

}  // namespace

void stream_evaluate_csv(const StreamRequest& r) {
  std::ifstream in = open_input(r.inputs);
  in.seekg(0, std::ios::end);
  CsvPass pass(r, in, static_cast<std::size_t>(in.tellg()));
  auto shape = [&] {
    in.seekg(0);
    return csv_shape(in, r.inputs, r.csv_header);
  };
  write_batch(r.output, r.kind, r.initial, shape,
              [&](AtomicFile& out, FileFormat format, ValueKind kind, std::size_t cols, std::size_t& rows) {
                return pass.run(out, format, kind, cols, rows);
              });
}

}  // namespace palcheck::oracle
