package org.fjdoctor.analyzer.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A map keyed by object identity that iterates in insertion order. Spoon's {@code equals()} is structural:
 * two task classes with the same {@code compute()} body, or two {@code () -> {}} in different classes, are
 * equal elements, so a {@code LinkedHashMap} of methods would merge them (and hash whole bodies). Entries
 * are only added, never removed.
 */
final class IdentityLinkedMap<K, V> extends AbstractMap<K, V> {

    private final Map<K, V> byIdentity = new IdentityHashMap<>();
    private final List<Map.Entry<K, V>> inOrder = new ArrayList<>();

    @Override
    public V get(Object key) {
        return byIdentity.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return byIdentity.containsKey(key);
    }

    @Override
    public V put(K key, V value) {
        if (byIdentity.containsKey(key)) {
            throw new UnsupportedOperationException("entries are only added: " + key);
        }
        byIdentity.put(key, value);
        inOrder.add(new SimpleImmutableEntry<>(key, value));
        return null;
    }

    @Override
    public int size() {
        return inOrder.size();
    }

    /** An ordered view that never hashes its entries (AbstractMap's values() and keySet() iterate it). */
    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<K, V>> iterator() {
                return Collections.unmodifiableList(inOrder).iterator();
            }

            @Override
            public int size() {
                return inOrder.size();
            }
        };
    }
}
