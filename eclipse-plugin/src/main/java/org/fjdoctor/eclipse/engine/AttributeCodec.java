package org.fjdoctor.eclipse.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Lists of strings packed into one marker attribute. Each item is written as {@code <length>:<text>},
 * so any character (line breaks, colons, quotes in replacement code) survives the round trip without
 * escaping rules to get wrong. Marker attributes only hold strings, numbers and booleans.
 */
final class AttributeCodec {

    private AttributeCodec() {
    }

    static String pack(List<String> items) {
        StringBuilder out = new StringBuilder();
        for (String item : items) {
            out.append(item.length()).append(':').append(item);
        }
        return out.toString();
    }

    /** @throws IllegalArgumentException when {@code packed} was not written by {@link #pack} */
    static List<String> unpack(String packed) {
        List<String> items = new ArrayList<>();
        int at = 0;
        while (at < packed.length()) {
            int colon = packed.indexOf(':', at);
            if (colon < 0) {
                throw new IllegalArgumentException("malformed attribute at " + at);
            }
            int length = Integer.parseInt(packed.substring(at, colon));
            int end = colon + 1 + length;
            if (length < 0 || end > packed.length()) {
                throw new IllegalArgumentException("malformed attribute at " + at);
            }
            items.add(packed.substring(colon + 1, end));
            at = end;
        }
        return items;
    }
}
