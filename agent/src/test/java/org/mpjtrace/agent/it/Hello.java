package org.mpjtrace.agent.it;

/** A program that shows whether it started. */
public final class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
