package eg.dars.app;

import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

/** The app's one web view. The plugins from npm register themselves; ours is added here. */
public class MainActivity extends BridgeActivity {
    @Override
    public void onCreate(Bundle savedInstanceState) {
        registerPlugin(DarsPlayerPlugin.class);
        super.onCreate(savedInstanceState);
    }
}
