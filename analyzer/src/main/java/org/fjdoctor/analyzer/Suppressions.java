package org.fjdoctor.analyzer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.source.SourceFile;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;

/**
 * {@code @SuppressWarnings("fjdoctor")} / {@code ("fjdoctor:<id>")} on the element or any enclosing
 * one, and {@code // fjdoctor:ignore [<id>...]} on the finding's line or alone on the line above.
 */
final class Suppressions {

    private static final Pattern IGNORE = Pattern.compile("//\\s*fjdoctor:ignore\\b([\\w\\-, ]*)");

    private Suppressions() {
    }

    static boolean isSuppressed(RuleInfo rule, CtElement element, SourceFile file, int line) {
        return byAnnotation(rule, element) || byComment(rule, file.lineText(line))
                || (file.lineText(line - 1).trim().startsWith("//") && byComment(rule, file.lineText(line - 1)));
    }

    private static boolean byComment(RuleInfo rule, String lineText) {
        Matcher matcher = IGNORE.matcher(lineText);
        if (!matcher.find()) {
            return false;
        }
        String ids = matcher.group(1).trim();
        if (ids.isEmpty()) {
            return true;
        }
        for (String id : ids.split("[\\s,]+")) {
            if (matches(rule, id)) {
                return true;
            }
        }
        return false;
    }

    private static boolean byAnnotation(RuleInfo rule, CtElement element) {
        for (CtElement e = element; e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            for (CtAnnotation<?> annotation : e.getAnnotations()) {
                if (!annotation.getAnnotationType().getSimpleName().equals("SuppressWarnings")) {
                    continue;
                }
                for (String value : values(annotation)) {
                    if (value.equals("fjdoctor") || (value.startsWith("fjdoctor:") && matches(rule, value.substring(9)))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean matches(RuleInfo rule, String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        return wanted.equals(rule.id()) || wanted.equals(rule.code().toLowerCase(Locale.ROOT));
    }

    private static List<String> values(CtAnnotation<?> annotation) {
        List<String> values = new ArrayList<>();
        CtExpression<?> value = annotation.getValues().get("value");
        List<CtExpression<?>> items = new ArrayList<>();
        if (value instanceof CtNewArray<?> array) {
            items.addAll(array.getElements());
        } else if (value != null) {
            items.add(value);
        }
        for (CtExpression<?> item : items) {
            if (item instanceof CtLiteral<?> literal && literal.getValue() instanceof String text) {
                values.add(text);
            }
        }
        return values;
    }
}
