package org.fjdoctor.cli.scan;

import java.nio.file.Path;

import org.fjdoctor.analyzer.config.ConfigFile;

import picocli.CommandLine.Option;

/** {@code --config}: the {@code .fjdoctor.yml} to use instead of the one found above the scanned paths. */
public final class ConfigOption {

    @Option(names = "--config", paramLabel = "FILE",
            description = "Settings file to use. Default: the " + ConfigFile.NAME + " in the PATHs' directory or"
                    + " the nearest one above it, up to the git work tree's top or the home directory (outside both,"
                    + " only the PATH's own directory). Options given on the command line win over the file;"
                    + " reports name the file that applied.")
    Path file;

    /** The file named with {@code --config}, or null. */
    public Path file() {
        return file;
    }
}
