import ImpressRemote
import NIOCore

/// The one handler in an Impress connection's pipeline: hands bytes and the
/// end of the connection to its source, tagged with the connection's
/// generation so that news from a connection already replaced is ignored.
final class ImpressChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let source: ImpressRemoteSource
    private let generation: Int

    init(source: ImpressRemoteSource, generation: Int) {
        self.source = source
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        source.received(buffer, generation: generation)
    }

    func channelInactive(context: ChannelHandlerContext) {
        source.connectionClosed(generation: generation)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        source.connectionFailed(error, generation: generation)
        context.close(promise: nil)
    }
}
