package org.fjdoctor.refactorings.copyonfork;

import java.util.HashSet;
import java.util.Set;

import org.fjdoctor.refactorings.copyonfork.ArraySlices.Site;

import spoon.reflect.code.CtForEach;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Rewrites {@code for (List<T> part : Lists.partition(items, size)) {.. new Task(part) ..}} into
 * {@code for (int start = from, step = size; start < to; start += step) {.. new Task(items, start,
 * start + Math.min(step, to - start)) ..}}: the same consecutive parts (the last one shorter), as ranges of
 * the task's own range. The child's end is computed without overflow; the increment is not guarded,
 * which is one reason the fix is only offered for review (see {@link #reviewReason}).
 */
final class PartitionLoop {

    private static final String[] START_NAMES = {"start", "first", "partStart"};
    private static final String[] STEP_NAMES = {"step", "partSize", "chunk"};

    private PartitionLoop() {
    }

    static void rewrite(Site site, CtClass<?> task, String text, EditBuffer edits, String from, String to) {
        Set<String> taken = new HashSet<>();
        task.getElements(new TypeFilter<>(CtVariable.class)).forEach(v -> taken.add(v.getSimpleName()));
        taken.add(from);
        taken.add(to);
        String start = fresh(START_NAMES, taken);
        taken.add(start);
        String step = fresh(STEP_NAMES, taken);
        CtForEach loop = site.partition();
        CtElement size = site.end().terms().get(0);
        int loopStart = start(loop);
        int close = text.lastIndexOf(')', start(loop.getBody()));
        edits.replace(loopStart, close + 1, "for (int " + start + " = " + from + ", " + step + " = "
                + edits.render(start(size), end(size)) + "; " + start + " < " + to + "; " + start + " += " + step + ")");
        String list = text.substring(start(site.source()), end(site.source()));
        edits.replace(start(site.argument()), end(site.argument()),
                list + ", " + start + ", " + start + " + Math.min(" + step + ", " + to + " - " + start + ")");
    }

    static String reviewReason(Lines lines, Site site) {
        return "the Lists.partition loop at line " + lines.lineOf(site.copy()) + " becomes an index loop that assumes a"
                + " positive part size not near Integer.MAX_VALUE (Lists.partition throws IllegalArgumentException for"
                + " a size <= 0, where the loop would not end)";
    }

    private static String fresh(String[] candidates, Set<String> taken) {
        for (String name : candidates) {
            if (!taken.contains(name)) {
                return name;
            }
        }
        return candidates[candidates.length - 1] + taken.size();
    }

    private static int start(CtElement element) {
        return element.getPosition().getSourceStart();
    }

    private static int end(CtElement element) {
        return element.getPosition().getSourceEnd() + 1;
    }
}
