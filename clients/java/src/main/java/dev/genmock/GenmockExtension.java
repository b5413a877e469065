package dev.genmock;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * genmock's JUnit 5 extension (docs/test-kit-languages.md): each {@link World} parameter of a test
 * is a fresh world (two parameters, two worlds); after the test, an error finding of one of them
 * the test did not expect ({@link World#expectFinding}) fails it, naming the rule.
 *
 * <pre>{@code @ExtendWith(GenmockExtension.class)
 * class ClientTest { @Test void completes(World world) { ... } }}</pre>
 */
public final class GenmockExtension implements ParameterResolver, AfterEachCallback {
  private static final ExtensionContext.Namespace WORLDS = ExtensionContext.Namespace.create(GenmockExtension.class);

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == World.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    World world = new World(Server.control());
    worlds(context).add(world);
    return world;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    for (World world : worlds(context)) world.check();
  }

  @SuppressWarnings("unchecked")
  private static List<World> worlds(ExtensionContext context) {
    return context.getStore(WORLDS).getOrComputeIfAbsent("worlds", key -> new ArrayList<World>(), List.class);
  }
}
