package org.fjdoctor.refactorings;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.Rules;
import org.junit.jupiter.api.Test;

/** Rule ids are written once, on the rules: every refactoring's rule is one the analyzer runs. */
class RefactoringRulesTest {

    @Test
    void everyRefactoringHandlesARegisteredRule() {
        Set<Class<?>> registered = Rules.all().stream().map(Object::getClass).collect(Collectors.toSet());
        List<Refactoring> refactorings = Refactorings.all();
        assertTrue(refactorings.size() >= 11, "refactorings found: " + refactorings.size());
        for (Refactoring refactoring : refactorings) {
            assertTrue(registered.contains(refactoring.rule()),
                    refactoring.getClass().getName() + " handles " + refactoring.rule().getName()
                            + ", which is not a registered rule");
        }
    }
}
