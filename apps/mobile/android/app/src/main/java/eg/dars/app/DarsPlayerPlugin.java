package eg.dars.app;

import android.content.Intent;
import androidx.activity.result.ActivityResult;
import com.getcapacitor.JSObject;
import com.getcapacitor.Plugin;
import com.getcapacitor.PluginCall;
import com.getcapacitor.PluginMethod;
import com.getcapacitor.annotation.ActivityCallback;
import com.getcapacitor.annotation.CapacitorPlugin;

/**
 * DarsPlayer (apps/web/src/platform/dars-player.ts): plays a video that came with a license url
 * full screen in {@link DrmPlayerActivity} (Media3 ExoPlayer, Widevine), and resolves
 * {@code { closed: true }} when the student leaves it.
 */
@CapacitorPlugin(name = "DarsPlayer")
public class DarsPlayerPlugin extends Plugin {

    @PluginMethod
    public void play(PluginCall call) {
        String url = call.getString("url");
        String licenseUrl = call.getString("licenseUrl");
        if (url == null || url.isEmpty() || licenseUrl == null || licenseUrl.isEmpty()) {
            call.reject("url and licenseUrl are required");
            return;
        }
        Intent intent = new Intent(getContext(), DrmPlayerActivity.class);
        intent.putExtra(DrmPlayerActivity.EXTRA_URL, url);
        intent.putExtra(DrmPlayerActivity.EXTRA_LICENSE_URL, licenseUrl);
        intent.putExtra(DrmPlayerActivity.EXTRA_TITLE, call.getString("title", ""));
        intent.putExtra(DrmPlayerActivity.EXTRA_WATERMARK, call.getString("watermark", ""));
        startActivityForResult(call, intent, "playerClosed");
    }

    @ActivityCallback
    private void playerClosed(PluginCall call, ActivityResult result) {
        if (call == null) return;
        Intent data = result.getData();
        String error = data == null ? null : data.getStringExtra(DrmPlayerActivity.EXTRA_ERROR);
        if (error != null) {
            call.reject(error, "PLAYBACK_FAILED");
            return;
        }
        JSObject answer = new JSObject();
        answer.put("closed", true);
        call.resolve(answer);
    }
}
