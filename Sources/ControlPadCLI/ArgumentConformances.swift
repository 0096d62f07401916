import PadConfig
import ArgumentParser
import ControlPadUI

// The pad's own types, as the command line reads them.
extension PictureChoice: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}
extension ThemeChoice: ExpressibleByArgument {}
