#ifndef CONTROLPAD_COPENSSL_SHIM_H
#define CONTROLPAD_COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/bio.h>

/*
 * The system's OpenSSL (libssl-dev), for pdfpcs:// only. A few of its calls
 * are function-like macros, which Swift cannot import: each is wrapped here
 * as a static inline function with a `copenssl_` prefix.
 */

/** SSL_set_tlsext_host_name: the server name (SNI) sent in the handshake. */
static inline long copenssl_set_server_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

/** BIO_pending: bytes waiting to be read from a memory BIO. */
static inline int copenssl_bio_pending(BIO *bio) {
    return (int)BIO_pending(bio);
}

#endif
