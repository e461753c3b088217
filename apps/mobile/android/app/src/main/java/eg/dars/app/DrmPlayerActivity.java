package eg.dars.app;

import android.content.Intent;
import android.graphics.Color;
import android.os.Bundle;
import android.view.Gravity;
import android.view.ViewGroup;
import android.view.WindowManager;
import android.widget.FrameLayout;
import android.widget.TextView;
import androidx.annotation.NonNull;
import androidx.appcompat.app.AppCompatActivity;
import androidx.media3.common.C;
import androidx.media3.common.MediaItem;
import androidx.media3.common.PlaybackException;
import androidx.media3.common.Player;
import androidx.media3.exoplayer.ExoPlayer;
import androidx.media3.ui.PlayerView;

/**
 * A full-screen Media3 ExoPlayer for one protected video: the stream (DASH, or whatever
 * Media3 recognises by its url) with its Widevine license server. The window is secure (no
 * screenshots or recording) and the student's watermark is drawn over the picture. Closing it
 * (back) ends the plugin call; a playback error ends it with the error.
 */
public class DrmPlayerActivity extends AppCompatActivity {
    static final String EXTRA_URL = "url";
    static final String EXTRA_LICENSE_URL = "licenseUrl";
    static final String EXTRA_TITLE = "title";
    static final String EXTRA_WATERMARK = "watermark";
    static final String EXTRA_ERROR = "error";

    private ExoPlayer player;

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        getWindow().addFlags(WindowManager.LayoutParams.FLAG_SECURE);
        getWindow().addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON);

        Intent intent = getIntent();
        String url = intent.getStringExtra(EXTRA_URL);
        String licenseUrl = intent.getStringExtra(EXTRA_LICENSE_URL);
        setTitle(intent.getStringExtra(EXTRA_TITLE));

        FrameLayout root = new FrameLayout(this);
        root.setBackgroundColor(Color.BLACK);
        PlayerView playerView = new PlayerView(this);
        root.addView(playerView, new FrameLayout.LayoutParams(
                ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT));
        TextView watermark = new TextView(this);
        watermark.setText(intent.getStringExtra(EXTRA_WATERMARK));
        watermark.setTextColor(Color.argb(90, 255, 255, 255));
        watermark.setTextSize(14);
        FrameLayout.LayoutParams markAt = new FrameLayout.LayoutParams(
                ViewGroup.LayoutParams.WRAP_CONTENT, ViewGroup.LayoutParams.WRAP_CONTENT,
                Gravity.TOP | Gravity.END);
        markAt.setMargins(32, 32, 32, 32);
        root.addView(watermark, markAt);
        setContentView(root);

        MediaItem item = new MediaItem.Builder()
                .setUri(url)
                .setDrmConfiguration(new MediaItem.DrmConfiguration.Builder(C.WIDEVINE_UUID)
                        .setLicenseUri(licenseUrl)
                        .build())
                .build();
        player = new ExoPlayer.Builder(this).build();
        player.addListener(new Player.Listener() {
            @Override
            public void onPlayerError(@NonNull PlaybackException error) {
                finishWith(error.getErrorCodeName());
            }

            @Override
            public void onPlaybackStateChanged(int state) {
                if (state == Player.STATE_ENDED) finishWith(null);
            }
        });
        playerView.setPlayer(player);
        player.setMediaItem(item);
        player.prepare();
        player.play();
        setResult(RESULT_OK);
    }

    private void finishWith(String error) {
        Intent data = new Intent();
        if (error != null) data.putExtra(EXTRA_ERROR, error);
        setResult(RESULT_OK, data);
        finish();
    }

    @Override
    protected void onStop() {
        super.onStop();
        if (player != null) player.pause();
    }

    @Override
    protected void onDestroy() {
        if (player != null) {
            player.release();
            player = null;
        }
        super.onDestroy();
    }
}
