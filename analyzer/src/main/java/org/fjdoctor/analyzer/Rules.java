package org.fjdoctor.analyzer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
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
            String wanted = selector.trim().toLowerCase(Locale.ROOT);
            Rule match = all.stream()
                    .filter(r -> r.info().id().equals(wanted) || r.info().code().toLowerCase(Locale.ROOT).equals(wanted))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown rule '" + selector + "'; known rules: "
                            + all.stream().map(r -> r.info().code() + " " + r.info().id()).collect(Collectors.joining(", "))));
            chosen.add(match);
        }
        return all.stream().filter(chosen::contains).toList();
    }
}
