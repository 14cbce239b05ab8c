// def:pal, prop:complexity: the CSV half of the streamed `palcheck eval` (stream_eval.h dispatches to it): one row per
// sequence, read, evaluated and written a part of cells at a time (a row longer than a part in
// pieces), in memory bounded by a part whatever the rows' lengths, with the bytes and the errors of
// load_problem + evaluate_problem + format_outputs.
#pragma once

#include "oracle/stream/stream_request.h"

namespace palcheck::oracle {

/// stream_evaluate for CSV inputs: a bad cell anywhere, a row .npy cannot hold or a double that is
/// not finite leaves nothing written (the output is renamed into place only after the last row).
void stream_evaluate_csv(const StreamRequest& request);

}  // namespace palcheck::oracle
