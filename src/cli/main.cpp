// dungen: grows dungeons from hand-drawn PNG tiles. All the work is in the library; this only
// hands the command line to it.
#include "cli/app.hpp"

int main(int argc, char** argv) { return dungen::cli::run(argc, argv); }
