// The one translation unit that compiles stb_image (Debian's libstb-dev header). Built in
// its own target without dungen's warning flags.
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
