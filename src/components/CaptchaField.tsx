import { useStore } from '@nanostores/react';
import { $captchaImage, loadCaptcha } from '../stores/concepts/captcha';
import CaptchaFieldView, { type CaptchaFieldProps } from './CaptchaFieldView';

export { CAPTCHA_MAX, type CaptchaFieldProps } from './CaptchaFieldView';

const loadImage = () => void loadCaptcha();

/** Captcha image and text input (accounts §2, §5): the view CaptchaFieldView.tsx with the captcha store's image. */
export default function CaptchaField(props: CaptchaFieldProps) {
  const image = useStore($captchaImage);
  return <CaptchaFieldView {...props} image={image} onLoadImage={loadImage} />;
}
