import Pdfpc
import COpenSSL
import NIOCore

/// What a TLS client trusts: the system's certificate authorities, and the
/// certificates in `trusting` (pdfpc's own, self-signed one, as a PEM file).
/// One OpenSSL context per configuration, shared by its connections.
public final class TLSClientContext: @unchecked Sendable {
    // An SSL_CTX is safe to share between threads once set up.
    fileprivate let context: OpaquePointer

    public init(trusting file: String? = nil) throws(TLSFailure) {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw TLSFailure.last("cannot set up TLS") }
        self.context = context
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        _ = SSL_CTX_set_default_verify_paths(context)  // none may be installed: then only `trusting`
        if let file, SSL_CTX_load_verify_locations(context, file, nil) != 1 {
            throw TLSFailure.last("cannot read the certificates in \(file)")
        }
    }

    deinit { SSL_CTX_free(context) }
}

/// Why TLS failed, in OpenSSL's words.
public struct TLSFailure: Error, CustomStringConvertible {
    public var description: String

    /// `what`, with the reason OpenSSL queued (its error queue is per thread and emptied here).
    static func last(_ what: String) -> TLSFailure {
        var reason = ""
        while case let code = ERR_get_error(), code != 0 {
            var text = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &text, text.count)
            reason = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return TLSFailure(description: reason.isEmpty ? what : "\(what): \(reason)")
    }
}

/// A TLS client on a NIO channel, on the system's OpenSSL through two memory
/// BIOs: ciphertext from the channel goes into one, plaintext comes out of
/// SSL_read; plaintext written goes through SSL_write and the other BIO's
/// ciphertext is written to the channel. Checks the server's certificate
/// and name (or IP address). Writes wait for the handshake.
final class TLSClientHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let ssl: OpaquePointer
    private let fromNetwork: OpaquePointer
    private let toNetwork: OpaquePointer
    private var handshaken = false
    private var waiting: [(ByteBuffer, EventLoopPromise<Void>?)] = []
    private var plaintext = [UInt8](repeating: 0, count: 16 * 1024)

    init(_ context: TLSClientContext, serverName: String) throws(TLSFailure) {
        guard let ssl = SSL_new(context.context), let input = BIO_new(BIO_s_mem()), let output = BIO_new(BIO_s_mem()) else {
            throw TLSFailure.last("cannot start TLS")
        }
        SSL_set_bio(ssl, input, output)  // the SSL owns both BIOs now
        SSL_set_connect_state(ssl)
        // SNI names a host, never an IP address; the name check takes either.
        if !serverName.contains(where: { $0 == ":" }) && !serverName.allSatisfy({ $0.isNumber || $0 == "." }) {
            _ = copenssl_set_server_name(ssl, serverName)
        }
        SSL_set1_host(ssl, serverName)
        self.ssl = ssl
        fromNetwork = input
        toNetwork = output
    }

    deinit { SSL_free(ssl) }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { advance(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        advance(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        buffer.withUnsafeReadableBytes { bytes in
            _ = BIO_write(fromNetwork, bytes.baseAddress, Int32(bytes.count))
        }
        advance(context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        waiting.append((unwrapOutboundIn(data), promise))
        if handshaken { encryptWaiting(context) }
    }

    func flush(context: ChannelHandlerContext) {
        if handshaken { encryptWaiting(context) }
    }

    /// Drives the handshake, then hands on whatever plaintext has arrived.
    private func advance(_ context: ChannelHandlerContext) {
        if !handshaken {
            let result = SSL_do_handshake(ssl)
            if result == 1 {
                handshaken = true
            } else if !wantsMore(result) {
                return fail(context, TLSFailure.last("TLS handshake failed"))
            }
            sendCiphertext(context, promise: nil)
            guard handshaken else { return }
            encryptWaiting(context)
        }
        var read = false
        while true {
            let n = SSL_read(ssl, &plaintext, Int32(plaintext.count))
            if n > 0 {
                context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: plaintext[..<Int(n)])))
                read = true
                continue
            }
            if SSL_get_error(ssl, n) == SSL_ERROR_ZERO_RETURN {
                context.close(promise: nil)  // the server's close_notify
            } else if !wantsMore(n) {
                fail(context, TLSFailure.last("TLS read failed"))
            }
            break
        }
        if read { context.fireChannelReadComplete() }
        sendCiphertext(context, promise: nil)
    }

    private func encryptWaiting(_ context: ChannelHandlerContext) {
        guard !waiting.isEmpty else { return }
        let promises = waiting.compactMap(\.1)
        for (buffer, _) in waiting {
            let written = buffer.withUnsafeReadableBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
            if written <= 0 && buffer.readableBytes > 0 {
                waiting = []
                let failure = TLSFailure.last("TLS write failed")
                promises.forEach { $0.fail(failure) }
                return fail(context, failure)
            }
        }
        waiting = []
        let done = context.eventLoop.makePromise(of: Void.self)
        for promise in promises { done.futureResult.cascade(to: promise) }
        sendCiphertext(context, promise: done)
    }

    /// Writes out whatever ciphertext OpenSSL has ready.
    private func sendCiphertext(_ context: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        let pending = Int(copenssl_bio_pending(toNetwork))
        guard pending > 0 else {
            promise?.succeed()
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: pending)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: pending) { bytes in
            Int(max(0, BIO_read(toNetwork, bytes.baseAddress, Int32(pending))))
        }
        context.writeAndFlush(wrapOutboundOut(buffer), promise: promise)
    }

    private func wantsMore(_ result: Int32) -> Bool {
        let error = SSL_get_error(ssl, result)
        return error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE
    }

    private func fail(_ context: ChannelHandlerContext, _ error: TLSFailure) {
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }
}
