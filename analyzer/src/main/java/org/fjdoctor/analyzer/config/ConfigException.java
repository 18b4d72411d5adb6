package org.fjdoctor.analyzer.config;

import java.nio.file.Path;

/** A config file that is missing, unreadable or wrong; the message names the file and, when known, the line. */
public final class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int line;

    /** @param line 1-based; 0 when the problem is the file as a whole */
    public ConfigException(Path file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    /** 1-based, or 0 for the file as a whole. */
    public int line() {
        return line;
    }

    /** The message without the file and line. */
    public String problem() {
        String prefix = file + (line > 0 ? ":" + line : "") + ": ";
        return getMessage().substring(prefix.length());
    }
}
