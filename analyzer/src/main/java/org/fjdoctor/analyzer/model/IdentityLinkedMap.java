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
 * are never removed one by one; a key put again keeps its place (the call graph enters a method again when
 * it finds a cheaper path to it), and {@link #clear()} empties the map for a walk made again.
 */
final class IdentityLinkedMap<K, V> extends AbstractMap<K, V> {

    /** Each key's place in {@code inOrder}. */
    private final Map<K, Integer> byIdentity = new IdentityHashMap<>();
    private final List<Map.Entry<K, V>> inOrder = new ArrayList<>();

    @Override
    public V get(Object key) {
        Integer place = byIdentity.get(key);
        return place == null ? null : inOrder.get(place).getValue();
    }

    @Override
    public boolean containsKey(Object key) {
        return byIdentity.containsKey(key);
    }

    @Override
    public V put(K key, V value) {
        Integer place = byIdentity.get(key);
        if (place != null) {
            return inOrder.set(place, new SimpleImmutableEntry<>(key, value)).getValue();
        }
        byIdentity.put(key, inOrder.size());
        inOrder.add(new SimpleImmutableEntry<>(key, value));
        return null;
    }

    @Override
    public int size() {
        return inOrder.size();
    }

    @Override
    public void clear() {
        byIdentity.clear();
        inOrder.clear();
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
