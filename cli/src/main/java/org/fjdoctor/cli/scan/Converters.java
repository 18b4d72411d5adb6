package org.fjdoctor.cli.scan;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Option values that need more than picocli's built-in conversions. */
public final class Converters {

    private Converters() {
    }

    /** {@code 4194304}, {@code 512k}, {@code 4m}, {@code 1g} (binary units, case-insensitive, optional "b"). */
    static final class ByteSize implements ITypeConverter<Long> {
        private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmg]?)i?b?");

        @Override
        public Long convert(String value) {
            Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new TypeConversionException("'" + value + "' is not a size (examples: 1048576, 512k, 4m, 1g)");
            }
            long shift = switch (m.group(2)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                default -> 0;
            };
            try {
                long number = Long.parseLong(m.group(1));
                if (number <= 0) {
                    throw new TypeConversionException("'" + value + "' must be more than 0 bytes");
                }
                if (number > (Long.MAX_VALUE >> shift)) {
                    throw new TypeConversionException("'" + value + "' is too large");
                }
                return number << shift;
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is too large");
            }
        }
    }

    /** A charset by name or alias, with a message naming the value instead of the JDK's exception. */
    public static final class CharsetName implements ITypeConverter<Charset> {
        @Override
        public Charset convert(String value) {
            try {
                return Charset.forName(value.trim());
            } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                throw new TypeConversionException("unknown charset '" + value
                        + "' (examples: UTF-8, ISO-8859-1, windows-1252)");
            }
        }
    }

    /** {@code 17}, also {@code 1.6} or {@code 6} for 6 ({@link org.fjdoctor.analyzer.source.JavaLevel#parse}). */
    public static final class JavaLevel implements ITypeConverter<Integer> {
        public static final int MIN = org.fjdoctor.analyzer.source.JavaLevel.MIN;
        public static final int MAX = org.fjdoctor.analyzer.source.JavaLevel.MAX;

        @Override
        public Integer convert(String value) {
            try {
                return org.fjdoctor.analyzer.source.JavaLevel.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
