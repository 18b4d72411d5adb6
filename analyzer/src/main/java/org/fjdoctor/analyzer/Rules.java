package org.fjdoctor.analyzer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

/** The rules on the class path: each registers itself with {@code @AutoService(Rule.class)}. */
public final class Rules {

    private Rules() {
    }

    /** All rules, in catalog order (FJ1, FJ2, ...). */
    public static List<Rule> all() {
        List<Rule> rules = new ArrayList<>();
        ServiceLoader.load(Rule.class, Rule.class.getClassLoader()).forEach(rules::add);
        rules.sort(Comparator.comparingInt(r -> Integer.parseInt(r.info().code().replaceAll("\\D", ""))));
        return rules;
    }

    /**
     * The rules named by id ({@code copy-on-fork}) or code ({@code FJ2}), case-insensitively; all rules
     * for an empty selection.
     *
     * @throws IllegalArgumentException naming the unknown selector and the valid ones
     */
    public static List<Rule> select(List<String> selectors) {
        List<Rule> all = all();
        if (selectors.isEmpty()) {
            return all;
        }
        Set<Rule> chosen = new LinkedHashSet<>();
        for (String selector : selectors) {
            chosen.add(find(all, selector).orElseThrow(() -> unknown(selector)));
        }
        return all.stream().filter(chosen::contains).toList();
    }

    /** The rule named by id or code, case-insensitively. */
    public static Optional<Rule> named(String selector) {
        return find(all(), selector);
    }

    /** The message for a selector that names no rule: it lists the known ones. */
    public static IllegalArgumentException unknown(String selector) {
        return new IllegalArgumentException("unknown rule '" + selector + "'; known rules: "
                + all().stream().map(r -> r.info().code() + " " + r.info().id()).collect(Collectors.joining(", ")));
    }

    private static Optional<Rule> find(List<Rule> rules, String selector) {
        String wanted = selector.trim().toLowerCase(Locale.ROOT);
        return rules.stream()
                .filter(r -> r.info().id().equals(wanted) || r.info().code().toLowerCase(Locale.ROOT).equals(wanted))
                .findFirst();
    }
}
