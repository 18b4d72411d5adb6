package org.fjdoctor.cli.scan;

import java.nio.file.Path;
import java.util.List;

import org.fjdoctor.analyzer.config.Config;
import org.fjdoctor.analyzer.config.ConfigException;
import org.fjdoctor.analyzer.config.ConfigFile;

import picocli.CommandLine.Option;

/** {@code --config}: the {@code .fjdoctor.yml} to use instead of the one found above the scanned paths. */
public final class ConfigOption {

    @Option(names = "--config", paramLabel = "FILE",
            description = "Settings file to use. Default: the " + ConfigFile.NAME + " in the first PATH's directory or"
                    + " the nearest one above it (up to the directory holding .git). Options given on the command"
                    + " line win over the file.")
    Path file;

    /** @throws ConfigException for a file that is missing or wrong (the message names file and line) */
    public Config load(List<Path> paths) throws ConfigException {
        return ConfigFile.forPaths(file, paths);
    }
}
