import ImpressRemote
import NIOCore
import SourceKit

/// The one handler in an Impress connection's pipeline: hands bytes and the
/// end of the connection to the driver, tagged with the connection's
/// generation so that news from a connection already replaced is ignored.
final class ImpressChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let driver: SourceDriver<ImpressRemoteSource.IO>
    private let generation: Generation<OneChannel>

    init(driver: SourceDriver<ImpressRemoteSource.IO>, generation: Generation<OneChannel>) {
        self.driver = driver
        self.generation = generation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = Array(unwrapInboundIn(data).readableBytesView)
        let driver = self.driver
        driver.ifCurrent(generation) { _ in driver.handle(.received(bytes)) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let driver = self.driver
        driver.ifCurrent(generation) { io in io.connectionClosed(driver) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        let (driver, problem) = (self.driver, ImpressRemoteSource.problem(error))
        driver.ifCurrent(generation) { _ in driver.handle(.failed(problem)) }
        context.close(promise: nil)
    }
}
