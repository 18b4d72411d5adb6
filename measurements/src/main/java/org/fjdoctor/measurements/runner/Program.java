package org.fjdoctor.measurements.runner;

import java.nio.file.Path;
import java.util.List;

/** A compiled program to measure: its classpath, main class and arguments. */
public record Program(List<Path> classpath, String mainClass, List<String> args) {

    public Program {
        classpath = List.copyOf(classpath);
        args = List.copyOf(args);
    }
}
