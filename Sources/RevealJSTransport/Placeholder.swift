import RevealJS
import NIOWebSocket
import NIOHTTP1
