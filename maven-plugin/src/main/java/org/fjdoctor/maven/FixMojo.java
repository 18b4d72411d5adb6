package org.fjdoctor.maven;

import java.util.List;
import java.util.Optional;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.fjdoctor.refactorings.pipeline.FixSession;
import org.fjdoctor.refactorings.pipeline.FixWriter;
import org.fjdoctor.refactorings.pipeline.Verifier;
import org.fjdoctor.reports.Printable;

/**
 * {@code fjdoctor:fix}: applies the SAFE fixes of the module's findings ({@code includeReview} adds the
 * REVIEW ones) in place. The changed files are verified first: each must parse and, against the
 * module's compile classpath, compile together with the rest of the module; a fix that does not is
 * left out and listed. Files are replaced atomically, in their charset.
 */
@Mojo(name = "fix", requiresDependencyCollection = ResolutionScope.COMPILE, threadSafe = true)
public final class FixMojo extends AbstractFjdoctorMojo {

    /** Also apply fixes marked REVIEW (plausible, but not proven to keep the behaviour). */
    @Parameter(property = "fjdoctor.includeReview", defaultValue = "false")
    boolean includeReview;

    @Override
    public void execute() throws MojoExecutionException {
        if (skip) {
            getLog().info("fjdoctor: skipped");
            return;
        }
        Optional<ModuleAnalysis> analyzed = analyze();
        if (analyzed.isEmpty()) {
            return;
        }
        ModuleAnalysis module = analyzed.get();
        Verifier verifier = new Verifier(module.analysis().files(), module.sources().classpath(),
                module.analysis().javaLevels(), charset());
        FixSession.Outcome outcome = FixSession.run(module.analysis(), includeReview, verifier);

        FixWriter.Result written = FixWriter.write(outcome, List.of());
        List<String> notWritten = written.notWritten().stream().map(Object::toString).toList();
        for (FixSession.Applied applied : written.written().applied()) {
            getLog().info("fjdoctor: fixed " + Printable.escape(applied.finding().location().display()) + " ["
                    + applied.finding().ruleId() + "] " + applied.fix().title() + " (" + applied.fix().safety() + ")");
        }
        for (FixSession.Skipped skipped : outcome.skipped()) {
            getLog().warn("fjdoctor: not fixed " + Printable.escape(skipped.finding().location().display() + " ["
                    + skipped.finding().ruleId() + "]: " + skipped.reason().label() + ": " + skipped.detail()));
        }
        getLog().info("fjdoctor: " + written.written().applied().size() + " fix(es) applied to "
                + written.written().rewritten().size()
                + " file(s), " + outcome.skipped().size() + " finding(s) left; changed files "
                + outcome.compilation().description());
        if (!notWritten.isEmpty()) {
            throw new MojoExecutionException("fjdoctor: not written: " + Printable.escape(String.join("; ", notWritten)));
        }
    }
}
