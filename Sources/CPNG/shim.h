#ifndef CONTROLPAD_CPNG_SHIM_H
#define CONTROLPAD_CPNG_SHIM_H

#include <png.h>

/*
 * libpng's simplified API describes formats and sizes with function-like
 * macros, which Swift cannot import. Each is wrapped here as a static inline
 * function with a `cpng_` prefix; nothing else is added to the C surface.
 */

/** PNG_IMAGE_VERSION: the value `png_image.version` must hold. */
static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }

/** PNG_FORMAT_RGBA: 8-bit sRGB red, green, blue, alpha, in that byte order. */
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }

/** PNG_IMAGE_SIZE: bytes needed for the whole image at the default row stride. */
static inline size_t cpng_image_size(const png_image *image) {
    return PNG_IMAGE_SIZE(*image);
}

/** PNG_IMAGE_FAILED: non-zero when the last call left an error (not just a warning). */
static inline int cpng_image_failed(const png_image *image) {
    return PNG_IMAGE_FAILED(*image);
}

#endif
