// The one translation unit that compiles stb_image and stb_image_write (Debian's libstb-dev
// headers). Built in its own target without dungen's warning flags.
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>

#define STBI_WRITE_NO_STDIO
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
