#include "export/report.hpp"

namespace dungen::exporters {

const char* version() { return DUNGEN_VERSION; }

}  // namespace dungen::exporters
