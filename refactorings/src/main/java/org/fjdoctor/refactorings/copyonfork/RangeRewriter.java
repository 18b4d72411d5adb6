package org.fjdoctor.refactorings.copyonfork;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.Finding;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.refactorings.Fix;
import org.fjdoctor.refactorings.Javadocs;
import org.fjdoctor.refactorings.Plan;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.Safety;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Bound;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.BoundKind;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Site;
import org.fjdoctor.refactorings.copyonfork.FieldUses.Kind;
import org.fjdoctor.refactorings.copyonfork.FieldUses.Use;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtStatement;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

/** Plans the index-range rewrite of one task class for one sliced array or List field (see {@link IndexRangeRewrite}). */
final class RangeRewriter {

    private static final String[][] RANGE_NAMES = {{"from", "to"}, {"lo", "hi"}, {"start", "end"},
            {"fromIndex", "toIndex"}, {"rangeFrom", "rangeTo"}};

    private final Finding finding;
    private final RefactoringContext context;
    private final SourceFile file;
    private final String text;
    private final CtClass<?> task;
    private final Site mine;
    private final List<Site> sites;
    private final CtField<?> field;
    private final Lines lines;
    private final EditBuffer edits;
    private final String sep;
    private final String unit;
    private String from;
    private String to;
    private final Set<CtLocalVariable<?>> absoluteMidpoints = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** Whether the shared field is a List rather than an array. */
    private final boolean list;

    RangeRewriter(Finding finding, RefactoringContext context, SourceFile file, CtClass<?> task, Site mine, List<Site> sites) {
        this.finding = finding;
        this.context = context;
        this.file = file;
        this.text = file.text();
        this.task = task;
        this.mine = mine;
        this.sites = sites;
        this.field = ArraySlices.fieldOf(mine.source());
        this.lines = new Lines(context.model(), file);
        this.edits = new EditBuffer(text);
        this.sep = context.lineSeparator(file);
        this.unit = context.indentUnit(file);
        this.list = !(field.getType() instanceof CtArrayTypeReference<?>);
    }

    Plan plan() {
        String name = field.getSimpleName();
        if (!(HalfResolved.executableDeclaration(mine.construction().getExecutable()) instanceof CtConstructor<?> constructor)
                || constructor.getDeclaringType() != task) {
            return Plan.manual("the subtask's constructor is not declared in " + task.getSimpleName() + "'s source.");
        }
        for (Site site : sites) {
            if (HalfResolved.executableDeclaration(site.construction().getExecutable()) != constructor
                    || site.argumentIndex() != mine.argumentIndex()) {
                return Plan.manual("the slices of `" + name + "` reach subtasks through different constructors or"
                        + " parameters; the rewrite adds one range constructor and cannot tell which to extend.");
            }
        }
        CtParameter<?> parameter = constructor.getParameters().get(mine.argumentIndex());
        String blocker = constructorBlocker(constructor, parameter);
        if (blocker != null) {
            return Plan.manual(blocker);
        }
        Set<CtElement> sources = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        sites.forEach(s -> sources.add(s.source()));
        FieldUses uses = FieldUses.of(task, field, constructor, sources, lines);
        uses.translatable.removeIf(u -> insideDeleted(u.access()));
        if (!uses.writes.isEmpty()) {
            return Plan.manual(task.getSimpleName() + " " + String.join("; ", uses.writes) + ". With one shared " + noun()
                    + " those writes would be seen by the parent and the other subtasks, which now each work on a"
                    + " private copy, so sharing would change what the tasks read (for example an in-place sort of"
                    + " the copies followed by a merge that reads them). Restructure by hand, e.g. sort ranges in place"
                    + " and merge through one scratch buffer.");
        }
        if (!uses.unknown.isEmpty()) {
            return Plan.manual("the rewrite cannot translate every use of `" + name + "` to a shared range: "
                    + String.join("; ", uses.unknown) + ".");
        }
        long assignments = uses.translatable.stream().filter(u -> u.kind() == Kind.ASSIGNED_IN_CONSTRUCTOR).count();
        if (assignments != 1) {
            return Plan.manual("`" + name + "` is not assigned exactly once, from a constructor parameter.");
        }
        String initialized = initializerSeen(constructor, uses);
        if (initialized != null) {
            return Plan.manual(initialized);
        }
        if (!chooseNames()) {
            return Plan.manual("every candidate name for the range fields is already used in " + task.getSimpleName() + ".");
        }
        chooseMidpoints();
        // Inner uses first, so that a replacement containing them renders them already translated.
        List<Use> ordered = new ArrayList<>(uses.translatable);
        ordered.sort(java.util.Comparator.comparingInt(u -> end(u.access().getParent()) - start(u.access().getParent())));
        UseTranslator translator = new UseTranslator(text, edits, task, from, to, sep, unit,
                offset -> context.indentation(file, offset));
        for (Use use : ordered) {
            translator.translate(use);
        }
        rewriteSites();
        rewriteConstructor(constructor, parameter, uses);
        addFields();
        List<String> origins = list ? ListOrigins.reviewReasons(task, constructor, mine.argumentIndex(), sites,
                context.model().types(), lines) : List.of();
        return Plan.of(fix(name, origins));
    }

    /** Why the constructor cannot get a range twin, or {@code null}. */
    private String constructorBlocker(CtConstructor<?> constructor, CtParameter<?> parameter) {
        if (parameter.isVarArgs() || constructor.getBody() == null || !constructor.getPosition().isValidPosition()) {
            return "the constructor taking the slice is varargs or has no source.";
        }
        // An initializer as well (`List<T> items = new ArrayList<>();`) stays: the constructor's assignment, which
        // every constructor reaches (checked below), overwrites it before any method can read the field.
        for (CtVariableRead<?> read : constructor.getBody().getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (read.getVariable() instanceof CtParameterReference<?> ref && ref.getSimpleName().equals(parameter.getSimpleName())
                    && !(read.getParent() instanceof CtAssignment<?, ?> assignment && assignment.getAssigned() instanceof CtFieldAccess<?> written
                    && written.getVariable().getFieldDeclaration() == field)) {
                return "the constructor uses parameter `" + parameter.getSimpleName() + "` for more than storing it (line "
                        + lines.lineOf(read) + "); a range constructor would have to translate that too.";
            }
        }
        for (CtConstructor<?> other : task.getConstructors()) {
            if (other != constructor && !other.isImplicit() && !delegates(other)) {
                return "another constructor of " + task.getSimpleName() + " (line " + lines.lineOf(other)
                        + ") does not delegate with this(..), so it would leave the range fields unset.";
            }
        }
        return null;
    }

    /**
     * With an initializer as well, why code may read the field before the constructor overwrites it (a call
     * before the assignment), or {@code null}.
     */
    private String initializerSeen(CtConstructor<?> constructor, FieldUses uses) {
        if (field.getDefaultExpression() == null) {
            return null;
        }
        CtElement assignment = uses.translatable.stream().filter(u -> u.kind() == Kind.ASSIGNED_IN_CONSTRUCTOR)
                .findFirst().orElseThrow().access().getParent();
        for (CtStatement statement : constructor.getBody().getStatements()) {
            if (statement == assignment) {
                return null;
            }
            boolean call = statement.getElements(new TypeFilter<>(CtInvocation.class)).stream()
                    .anyMatch(c -> !c.getExecutable().isConstructor())
                    || !statement.getElements(new TypeFilter<>(spoon.reflect.code.CtConstructorCall.class)).isEmpty();
            if (call) {
                return "`" + field.getSimpleName() + "` has an initializer, and the constructor calls code (line "
                        + lines.lineOf(statement) + ") before it assigns the field, which may read the initial value.";
            }
        }
        return null;
    }

    private static boolean delegates(CtConstructor<?> constructor) {
        List<CtStatement> statements = constructor.getBody() == null ? List.of() : constructor.getBody().getStatements();
        // this(..) is a constructor call whose executable belongs to the class itself; super(..) belongs to the parent.
        return !statements.isEmpty() && statements.get(0) instanceof CtInvocation<?> call
                && call.getExecutable().isConstructor() && call.getExecutable().getDeclaringType() != null
                && call.getExecutable().getDeclaringType().getQualifiedName().equals(constructor.getDeclaringType().getQualifiedName());
    }

    private boolean chooseNames() {
        Set<String> taken = new HashSet<>();
        task.getElements(new TypeFilter<>(CtVariable.class)).forEach(v -> taken.add(v.getSimpleName()));
        task.getElements(new TypeFilter<>(CtVariableReference.class)).forEach(v -> taken.add(v.getSimpleName()));
        for (String[] pair : RANGE_NAMES) {
            if (!taken.contains(pair[0]) && !taken.contains(pair[1])) {
                from = pair[0];
                to = pair[1];
                return true;
            }
        }
        return false;
    }

    /**
     * A standard midpoint {@code m = data.length / 2} whose every read is a slice bound becomes the absolute
     * {@code (from + to) >>> 1}, which is {@code from + (to - from) / 2} for non-negative bounds.
     */
    private void chooseMidpoints() {
        Map<CtLocalVariable<?>, Boolean> candidates = new IdentityHashMap<>();
        for (Site site : sites) {
            for (Bound bound : List.of(site.start(), site.end())) {
                if (bound.kind() == BoundKind.HALF) {
                    candidates.putIfAbsent(bound.local(), true);
                }
            }
        }
        for (CtLocalVariable<?> local : candidates.keySet()) {
            CtExecutable<?> method = local.getParent(CtExecutable.class);
            // Every read must disappear into a rewritten slice argument or a deleted statement, and none may
            // feed an unproven bound's arithmetic, which stays relative ("from + ...").
            boolean onlyBounds = ArraySlices.reads(method, local).stream().allMatch(read -> !inOtherTerms(read)
                    && sites.stream().anyMatch(site -> ArraySlices.isInside(read, site.argument())
                    || site.deleted().stream().anyMatch(d -> ArraySlices.isInside(read, d))));
            if (onlyBounds && local.getDefaultExpression() != null) {
                absoluteMidpoints.add(local);
                CtElement init = local.getDefaultExpression();
                edits.replace(start(init), end(init), "(" + from + " + " + to + ") >>> 1");
            }
        }
    }

    private boolean inOtherTerms(CtElement read) {
        return sites.stream().flatMap(s -> java.util.stream.Stream.of(s.start(), s.end()))
                .filter(b -> b.kind() == BoundKind.OTHER)
                .anyMatch(b -> b.terms().stream().anyMatch(t -> ArraySlices.isInside(read, t)));
    }

    /** Each slice argument becomes {@code data, absoluteStart, absoluteEnd}; statements that built it go. */
    private void rewriteSites() {
        for (Site site : sites) {
            if (site.partition() != null) {
                PartitionLoop.rewrite(site, task, text, edits, from, to);
                continue;
            }
            String array = text.substring(start(site.source()), end(site.source()));
            edits.replace(start(site.argument()), end(site.argument()),
                    array + ", " + absolute(site.start()) + ", " + absolute(site.end()));
            for (CtStatement statement : site.deleted()) {
                deleteStatement(statement);
            }
        }
    }

    private String absolute(Bound bound) {
        return switch (bound.kind()) {
            case ZERO -> from;
            case LENGTH -> to;
            case HALF, WITHIN -> absoluteMidpoints.contains(bound.local()) ? bound.local().getSimpleName()
                    : from + " + " + bound.local().getSimpleName();
            case OTHER -> from + " + " + bound.terms().stream().map(t -> Precedence.asAddend(t, render(t)))
                    .collect(Collectors.joining(" + "));
        };
    }

    /** Removes the statement's lines when it stands alone on them, else just its text. */
    private void deleteStatement(CtStatement statement) {
        int s = start(statement);
        int e = end(statement);
        while (e < text.length() && (text.charAt(e) == ' ' || text.charAt(e) == '\t')) {
            e++;
        }
        if (e < text.length() && text.charAt(e) == ';') {
            e++;
        }
        int lineStart = SourceLines.lineStart(text, s);
        int lineEnd = lineEnd(e);
        String after = text.substring(e, lineEnd).strip();
        if (text.substring(lineStart, s).isBlank() && (after.isEmpty() || after.startsWith("//"))) {
            TextEdit lines = SourceLines.deleteLines(file.path(), text, lineStart, SourceLines.nextLineStart(text, lineEnd));
            edits.replace(lines.offset(), lines.end(), "");
        } else {
            edits.replace(s, e, "");
        }
    }

    /**
     * The old constructor delegates with the full range; a range twin right after it keeps its original
     * statements and also stores the bounds.
     */
    private void rewriteConstructor(CtConstructor<?> constructor, CtParameter<?> parameter, FieldUses uses) {
        String indent = context.indentation(file, start(constructor));
        EditBuffer twin = new EditBuffer(text);
        twin.insert(end(parameter), ", int " + from + ", int " + to);
        CtElement assignment = uses.translatable.stream().filter(u -> u.kind() == Kind.ASSIGNED_IN_CONSTRUCTOR)
                .findFirst().orElseThrow().access().getParent();
        int assignmentEnd = SourceLines.statementEnd(text, assignment);
        TextEdit bounds = afterOnItsLine(assignmentEnd < 0 ? end(assignment) : assignmentEnd,
                context.indentation(file, start(assignment)), "this." + from + " = " + from + ";",
                "this." + to + " = " + to + ";");
        twin.insert(bounds.offset(), bounds.replacement());
        int[] doc = Javadocs.of(text, constructor);
        TextEdit documented = doc == null || doc[0] < start(constructor) ? null : Javadocs.addParams(file.path(), text,
                doc, Javadocs.params(from, "the first index of the range of {@code " + parameter.getSimpleName()
                        + "} this task works on", to, "the index after that range"), sep);
        if (documented != null) {
            twin.insert(documented.offset(), documented.replacement());
        }
        String twinText = twin.render(start(constructor), end(constructor));
        String p = parameter.getSimpleName();
        String arguments = constructor.getParameters().stream()
                .map(q -> q == parameter ? p + ", 0, " + p + (list ? ".size()" : ".length") : q.getSimpleName())
                .collect(Collectors.joining(", "));
        int bodyOpen = start(constructor.getBody());
        int bodyClose = end(constructor.getBody()) - 1;
        edits.replace(bodyOpen + 1, bodyClose, sep + indent + unit + "this(" + arguments + ");" + sep + indent);
        edits.insert(end(constructor), sep + sep + indent + twinText);
    }

    private void addFields() {
        String indent = context.indentation(file, start(field));
        String modifiers = field.hasModifier(ModifierKind.PRIVATE) ? "private final int " : "final int ";
        int fieldEnd = SourceLines.statementEnd(text, field);
        TextEdit fields = afterOnItsLine(fieldEnd < 0 ? end(field) : fieldEnd, indent, modifiers + from + ";",
                modifiers + to + ";");
        edits.insert(fields.offset(), fields.replacement());
    }

    /**
     * Where and how {@code lines} follow the code that ends at {@code end}: each on a line of its own after
     * that line when nothing but a comment follows the code there, else on the same line right after it
     * (a constructor or a whole class written on one line).
     */
    private TextEdit afterOnItsLine(int end, String indent, String... lines) {
        int lineEnd = lineEnd(end);
        String rest = text.substring(end, lineEnd).strip();
        if (rest.isEmpty() || rest.startsWith("//")) {
            StringBuilder added = new StringBuilder();
            for (String line : lines) {
                added.append(sep).append(indent).append(line);
            }
            return TextEdit.insert(file.path(), lineEnd, added.toString());
        }
        return TextEdit.insert(file.path(), end, " " + String.join(" ", lines));
    }

    private Fix fix(String name, List<String> origins) {
        List<String> unproven = new ArrayList<>();
        List<String> review = new ArrayList<>();
        for (Site site : sites) {
            if (site.partition() != null) {
                review.add(PartitionLoop.reviewReason(lines, site));
            } else if (!provenWithin(site)) {
                unproven.add("line " + lines.lineOf(site.copy()));
            }
        }
        String title = "Share `" + name + "` with subtasks through " + from + "/" + to + " index ranges instead of"
                + " copying slices";
        String element = list ? name + ".get(i) -> " + name + ".get(" + from + " + i)" : name + "[i] -> " + name + "[" + from + " + i]";
        String shared = task.getSimpleName() + " never writes `" + name + "`'s elements"
                + " and never lets it escape; `" + name + "` is only assigned in the constructor; every use was translated"
                + " to the range (" + (list ? "size()" : "length") + " -> " + to + " - " + from + ", " + element
                + ", for-each -> indexed loop), so each subtask reads exactly the elements its copy held.";
        if (!unproven.isEmpty()) {
            review.add("the slice bounds at " + String.join(", ", unproven) + " are not proven to stay within the "
                    + noun() + (list ? " (subList throws on a bad range, a shared range would not)"
                    : " (a copy pads past the end with default values, a shared range would not)"));
        }
        if (!field.hasModifier(ModifierKind.PRIVATE)) {
            review.add("`" + name + "` is not private, so code outside this file could read it and would now see the"
                    + " whole shared " + noun() + " instead of the slice");
        }
        review.addAll(origins);
        if (!review.isEmpty()) {
            return new Fix(IndexRangeRewrite.RULE, finding.fingerprint(), title, Safety.REVIEW, shared
                    + " Review: " + String.join("; ", review) + ".", edits.toTextEdits(file.path()));
        }
        String proof = list ? " Every list the task is built with is a new random-access list that nothing else can"
                + " change while the tasks run." : "";
        return new Fix(IndexRangeRewrite.RULE, finding.fingerprint(), title, Safety.SAFE, shared
                + " Every slice bound is provably within 0.." + name + (list ? ".size()" : ".length") + " and ordered."
                + proof + " A null " + noun() + " now fails when the task is constructed rather than when it runs.",
                edits.toTextEdits(file.path()));
    }

    private String noun() {
        return list ? "list" : "array";
    }

    /** {@code 0 <= start <= end <= length} follows from the bounds' shapes alone. */
    private static boolean provenWithin(Site site) {
        Bound start = site.start();
        Bound end = site.end();
        if (start.rank() < 0 || end.rank() < 0) {
            return false;
        }
        return start.rank() < end.rank() || start.kind() == end.kind() && start.local() == end.local();
    }

    private boolean insideDeleted(CtElement element) {
        return sites.stream().anyMatch(s -> s.deleted().stream().anyMatch(d -> ArraySlices.isInside(element, d))
                && s.start().terms().stream().noneMatch(t -> ArraySlices.isInside(element, t))
                && s.end().terms().stream().noneMatch(t -> ArraySlices.isInside(element, t)));
    }

    private String render(CtElement element) {
        return edits.render(start(element), end(element));
    }

    private int lineEnd(int offset) {
        return SourceLines.lineEnd(text, offset);
    }

    private static int start(CtElement element) {
        return element.getPosition().getSourceStart();
    }

    private static int end(CtElement element) {
        return element.getPosition().getSourceEnd() + 1;
    }
}
