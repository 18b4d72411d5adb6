package org.fjdoctor.analyzer.source;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The package a Java source file declares, read from its text without parsing it. */
public final class JavaPackages {

    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    private JavaPackages() {
    }

    /** The declared package's name ({@code a.b}), or {@code null} for the default package or no text. */
    public static String declared(String text) {
        if (text == null) {
            return null;
        }
        Matcher matcher = PACKAGE.matcher(text);
        return matcher.find() ? matcher.group(1) : null;
    }
}
