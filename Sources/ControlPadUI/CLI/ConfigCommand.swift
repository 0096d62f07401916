import ArgumentParser

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the default config file, or check one.",
        discussion: "The pad reads \(ConfigLoader.defaultPath()) unless --config FILE is given."
    )

    @Flag(help: "Print a commented default config file.")
    var printDefault = false

    @Option(help: ArgumentHelp("Check FILE and say what is wrong, with its line.", valueName: "FILE"))
    var check: String?

    func validate() throws {
        if printDefault == (check != nil) {
            throw ValidationError("give either --print-default or --check FILE")
        }
    }

    func run() throws {
        if printDefault {
            print(DefaultConfig.text, terminator: "")
            return
        }
        switch ConfigLoader.load(path: check) {
        case .success: print("\(check!): fine")
        case .failure(let problem):
            print(problem)
            throw ExitCode(1)
        }
    }
}
