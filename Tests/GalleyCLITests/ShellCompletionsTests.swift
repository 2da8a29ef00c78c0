import Foundation
import Testing

@testable import GalleyCLI
@testable import GalleyTestSupport

/// The completion scripts and the man page are written from the commands' specs: every option of every command is
/// in them, and the tools that read them accept them.
@Suite struct ShellCompletionsTests {
    /// The bash script parses (`bash -n`) and completes a command's options from what is typed.
    @Test func theBashScriptCompletesEveryOption() throws {
        let script = try #require(ShellCompletions.script(for: "bash", tool: GalleyTool.tool))
        let file = GalleyCommand.temporary("galley.bash")
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try GalleyCommand.run(["-n", file], executable: "/bin/bash").status == 0)
        let completed = try GalleyCommand.run(
            [
                "-c",
                "source \(file); COMP_WORDS=(galley measure --line-h); COMP_CWORD=2; _galley; echo \"${COMPREPLY[@]}\"",
            ],
            executable: "/bin/bash")
        #expect(completed.output == "--line-height-metrics\n", "\(completed.output)\(completed.error)")
        for command in GalleyTool.tool.commands {
            for option in command.entries {
                #expect(script.contains("--\(option.name)"), "\(command.name) --\(option.name)")
            }
        }
        for shell in ["zsh", "fish"] {
            let other = try #require(ShellCompletions.script(for: shell, tool: GalleyTool.tool))
            #expect(other.contains("--autospace") || other.contains("-l autospace"), "\(shell)")
        }
        #expect(ShellCompletions.script(for: "tcsh", tool: GalleyTool.tool) == nil)
    }

    /// groff reads the man page without a warning, and it names every option.
    @Test func theManPageIsReadWithoutAWarning() throws {
        let page = ShellCompletions.manual(GalleyTool.tool)
        let file = GalleyCommand.temporary("galley.1")
        try page.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try GalleyCommand.run(["-man", "-Tutf8", "-ww", "-z", file], executable: "/usr/bin/groff")
        #expect(outcome.status == 0 && outcome.error.isEmpty, "\(outcome.error)")
        for command in GalleyTool.tool.commands {
            for option in command.entries {
                #expect(
                    page.contains("\\-\\-\(option.name.replacingOccurrences(of: "-", with: "\\-"))"), "\(option.name)")
            }
        }
    }
}
