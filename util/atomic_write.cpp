// The outputs of every command (see atomic_write.h).
#include "util/atomic_write.h"

#include "util/atomic_file.h"
#include "util/errors.h"
#include "util/output_folder.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace palcheck {

namespace fs = std::filesystem;

namespace {

bool given(const NamedPath& p) { return !p.path.empty() && p.path != "-"; }

fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (p.filename().empty()) p = p.parent_path();
  return p;
}

bool same(const NamedPath& a, const NamedPath& b) {
  std::error_code ec;
  return resolved(a.path) == resolved(b.path) ||
         (fs::exists(a.path, ec) && fs::exists(b.path, ec) && fs::equivalent(a.path, b.path, ec));
}

// Whether `inner` lies inside the folder `outer` (not equal to it).
bool inside(const NamedPath& inner, const NamedPath& outer) {
  fs::path i = resolved(inner.path), o = resolved(outer.path);
  auto [end, _] = std::mismatch(o.begin(), o.end(), i.begin(), i.end());
  return end == o.end() && i != o;
}

std::string named(const NamedPath& p) { return p.option + " " + p.path; }

}  // namespace

void flush_standard_output() {
  errno = 0;
  std::cout.flush();
  bool ok = static_cast<bool>(std::cout);
  ok = std::fflush(stdout) == 0 && !std::ferror(stdout) && ok;
  if (!ok)
    throw InputError(std::string("standard output: write failed") + (errno ? std::string(": ") + std::strerror(errno) : ""));
}

void check_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs) {
  // Clashes first: they name both options, which says more than "this folder is not palcheck's".
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    const NamedPath& out = outputs[k];
    if (!given(out)) continue;
    const char* what = out.kind == PathKind::Folder ? "folder" : "file";
    for (const NamedPath& in : inputs) {
      if (!given(in)) continue;
      if (same(out, in))
        throw InputError(named(out) + " is the same " + what + " as " + named(in) + ": choose another output path");
      if (out.kind == PathKind::Folder && inside(in, out))
        throw InputError(named(out) + " holds the input " + named(in) +
                         ", and the output replaces the whole folder: choose another output folder");
    }
    for (std::size_t j = 0; j < k; ++j) {
      const NamedPath& earlier = outputs[j];
      if (!given(earlier)) continue;
      if (same(out, earlier))
        throw InputError(named(out) + " is the same " + what + " as " + named(earlier) + ": choose another output path");
      if ((earlier.kind == PathKind::Folder && inside(out, earlier)) ||
          (out.kind == PathKind::Folder && inside(earlier, out)))
        throw InputError(named(out) + " and " + named(earlier) +
                         " overlap (one lies inside the other output folder): choose separate output paths");
    }
  }
  for (const NamedPath& out : outputs) {
    if (!given(out)) continue;
    try {
      if (out.kind == PathKind::Folder)
        check_output_folder(out.path);
      else
        check_output_file(out.path);
    } catch (const WriteError& e) {
      throw InputError(out.option + ": " + e.what());
    }
  }
}

void mark_folder_output(const std::string& path, const std::string& option) {
  if (path.empty()) return;
  try {
    mark_output_folder(path);
  } catch (const WriteError& e) {
    throw InputError(option + ": " + e.what());
  }
}

void check_writable(const std::string& path, const std::string& option) {
  check_paths({{option, path, PathKind::File}}, {});
}

void check_distinct(const std::string& output, const std::string& output_option, const std::string& input,
                    const std::string& input_option) {
  NamedPath out{output_option, output, PathKind::File}, in{input_option, input, PathKind::File};
  if (given(out) && given(in) && same(out, in))
    throw InputError(named(out) + " is the same file as " + named(in) + ": choose another output path");
}

}  // namespace palcheck
