import PadConfig
import ControlPadUI
import ArgumentParser
import SlideModel

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the default config file, or check one.",
        discussion: """
            The pad reads \(ConfigLoader.defaultPath()) unless --config FILE is given. \
            A setting that is wrong keeps its default and every other one applies; \
            --check lists every problem, in line order (and those of the agenda file it names).

            Examples:
              controlpad config --print-default > ~/.config/controlpad/config.toml
              controlpad config --check
            """
    )

    @Flag(help: "Print a commented default config file.")
    var printDefault = false

    @Flag(help: "Check the config file (FILE, or the one the pad reads) and list every problem with its line.")
    var check = false

    @Argument(help: ArgumentHelp("The file to check (default: the one the pad reads).", valueName: "FILE"))
    var file: String?

    func validate() throws {
        if printDefault == check {
            throw ValidationError("give either --print-default or --check [FILE]")
        }
        if printDefault, file != nil {
            throw ValidationError("--print-default takes no FILE (redirect it: controlpad config --print-default > FILE)")
        }
    }

    func run() throws {
        if printDefault {
            print(DefaultConfig.text(sourceKeys: SourceRegistry.configKeys), terminator: "")
            return
        }
        let path = file ?? ConfigLoader.defaultPath()
        let loaded = SourceRegistry.readConfig(path: file)
        if loaded.file == nil {
            print("\(TerminalText.escaped(path)): no such file; the pad runs on its defaults")
            return
        }
        // The agenda the config names is checked with it, each problem with its own file and line.
        let problems = loaded.problems + (loaded.config.agenda.map { AgendaFile.read(path: $0).problems } ?? [])
        guard !problems.isEmpty else {
            print("\(TerminalText.escaped(path)): fine")
            return
        }
        for problem in problems { print(problem) }
        // A file that cannot be read has no settings to apply.
        if loaded.problems.contains(where: { $0.key == "file" }) { throw ExitCode(1) }
        let count = problems.count
        print("\(count) problem\(count == 1 ? "" : "s"); every other setting applies")
        throw ExitCode(1)
    }
}
