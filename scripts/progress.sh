# Sourced by the build scripts. build_progress LOG TAG: copies a build's output from standard input into LOG
# and shows its progress lines (those with a percentage) on standard error, prefixed with TAG.
build_progress() {
  tee -a "$1" | awk -v tag="$2" '/^\[ *[0-9]+%\]/ { print tag ": " $0; fflush() }' >&2
}
