import ControlPadUI

ControlPadCommand.main()
