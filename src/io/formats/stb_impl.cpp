// The one translation unit that compiles stb_image (Debian's libstb-dev header), the second PNG
// decoder the tests and the png fuzz target compare libspng's pixels with. Built in its own
// target without dungen's warning flags, and not part of dungen itself.
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
